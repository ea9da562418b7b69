/** The configured text-message provider (docs/reminders.md "Text messages"). */
import type { ServerConfig } from '../config.ts';
import { fileSmsProvider } from './file-sms.ts';
import type { SmsProvider } from './sms-provider.ts';
import { twilioSmsProvider } from './twilio-sms.ts';

export function createSmsProvider(config: Pick<ServerConfig, 'sms' | 'dataDir'>): SmsProvider {
  return config.sms.provider === 'twilio' ? twilioSmsProvider(config.sms) : fileSmsProvider(config.dataDir);
}
