/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic
 * authentication with the account id and token). A 4xx answer is a refusal of this message (bad
 * number, blocked): SmsRejected; anything else — 5xx, 429, no answer — is worth another try.
 */
import type { SmsConfig } from '../config.ts';
import { type SmsProvider, SmsRejected } from './sms-provider.ts';

type TwilioConfig = Extract<SmsConfig, { provider: 'twilio' }>;

const TIMEOUT_MS = 10_000;

export function twilioSmsProvider(config: TwilioConfig): SmsProvider {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown };
      if (response.ok && typeof body.sid === 'string') return { providerId: body.sid };
      const reason = `Twilio answered ${response.status}${typeof body.message === 'string' ? `: ${body.message}` : ''}`;
      if (response.status >= 400 && response.status < 500 && response.status !== 429)
        throw new SmsRejected(reason);
      throw new Error(reason);
    },
  };
}
