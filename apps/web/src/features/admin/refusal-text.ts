/**
 * A refusal of a booking or a move in words (docs/back-office.md "Booking from the agenda"): the
 * back office's own texts, or the core's (field errors, messages).
 */
import { usePart } from '../../i18n/i18n.ts';
import type { Refusal } from './walkin-errors.ts';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export function refusalText(t: Translate, refusal: Refusal): string;
export function refusalText(t: Translate, refusal: Refusal | undefined): string | null;
export function refusalText(t: Translate, refusal: Refusal | undefined): string | null {
  if (!refusal) return null;
  return t(refusal.core ? refusal.key : `admin.${refusal.key}`, refusal.values);
}

/** refusalText with the back office's texts loaded. */
export function useRefusalText() {
  const { t } = usePart('admin');
  function text(refusal: Refusal): string;
  function text(refusal: Refusal | undefined): string | null;
  function text(refusal: Refusal | undefined): string | null {
    return refusalText(t, refusal);
  }
  return text;
}
