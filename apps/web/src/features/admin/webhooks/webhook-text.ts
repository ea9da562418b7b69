/** The words and dates of the webhooks screen (docs/webhooks.md), in the admin part's language. */
import type { WebhookEventType } from '@creneau/contract/webhook-events';
import { useMemo } from 'react';
import { ApiError } from '../../../api/client.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';

/**
 * The events an endpoint may receive, in the order the form lists them: the contract's list, typed
 * against it (the contract's schemas stay out of the bundle).
 */
export const WEBHOOK_EVENT_CHOICES = [
  'appointment.created',
  'appointment.changed',
  'appointment.cancelled',
  'customer.created',
] as const satisfies readonly WebhookEventType[];

/** `appointment.created` → `appointmentCreated`: a dot would nest the translation key. */
export const eventKey = (type: string) => type.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());

const KNOWN_EVENTS = new Set<string>([...WEBHOOK_EVENT_CHOICES, 'webhook.test']);

export function useWebhookText() {
  const { t, i18n } = usePart('admin');
  const { group } = useGroupContext();
  const dateFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language, {
        timeZone: group.timezone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [i18n.language, group.timezone],
  );
  return {
    t,
    when: (iso: string) => dateFormat.format(new Date(iso)),
    event: (type: string) => (KNOWN_EVENTS.has(type) ? t(`admin.webhooks.event.${eventKey(type)}`) : type),
    job: (kind: string) =>
      kind === 'webhook.delivery'
        ? t('admin.webhooks.failed.webhookDelivery')
        : t('admin.webhooks.failed.other', { kind }),
    error: (error: unknown) => {
      if (!(error instanceof ApiError)) return t('admin.webhooks.errors.generic');
      if (error.status === 403) return t('admin.webhooks.errors.forbidden');
      switch (error.key) {
        case 'invalidWebhookUrl':
          return t('admin.webhooks.errors.invalidWebhookUrl');
        case 'unknownWebhookEvent':
        case 'noWebhookEvent':
          return t('admin.webhooks.errors.noWebhookEvent');
        case 'tooManyWebhooks':
          return t('admin.webhooks.errors.tooManyWebhooks', { max: 10 });
        default:
          return t('admin.webhooks.errors.generic');
      }
    },
  };
}
