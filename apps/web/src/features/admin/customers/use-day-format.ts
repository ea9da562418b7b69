/** The day of an instant on the group's clock, in the page's language (customer-format.ts). */
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { createDayFormat } from './customer-format.ts';

export function useDayFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  const { group } = useGroupContext();
  const language = i18n.language || 'en';
  return useMemo(() => createDayFormat(language, group.timezone), [language, group.timezone]);
}
