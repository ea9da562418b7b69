/**
 * Text messages leave through a provider (docs/reminders.md "Text messages"); the rest of the
 * server only knows this interface (create-sms-provider.ts picks the configured one).
 */
export interface TextMessage {
  /** E.164: "+33612345678". */
  to: string;
  text: string;
  /** Ours, the same on every try of one message: the file provider names its file after it. */
  id: string;
}

export interface SmsProvider {
  /** Resolves with the provider's id once it accepted the message; throws SmsRejected for a message it will never take. */
  send(message: TextMessage): Promise<{ providerId: string }>;
}

/** A message the provider refused for good (a number it cannot reach): no point in trying again. */
export class SmsRejected extends Error {}
