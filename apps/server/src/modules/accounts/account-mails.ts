/** The account mails (activation, reset, e-mail change), written to the outbox in the caller's transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database, GroupRow } from '../../db/database.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { LINK_LIFETIME_MS } from './email-links.ts';

type AccountMailKind = 'account_activation' | 'password_reset' | 'email_change';

export async function sendAccountMail(
  ctx: AppContext,
  db: Kysely<Database> | Transaction<Database>,
  group: GroupRow,
  to: string,
  kind: AccountMailKind,
  path: string,
  extra: { newEmail?: string } = {},
): Promise<void> {
  const link = `${ctx.config.publicUrl}${path}`;
  const locale = group.settings.locale;
  const brand = groupMailBrand(group, ctx.config.publicUrl);
  const rendered =
    kind === 'password_reset'
      ? renderMail(
          kind,
          locale,
          {
            groupName: group.name,
            link,
            expiresInMinutes: LINK_LIFETIME_MS.reset / 60_000,
          },
          brand,
        )
      : kind === 'email_change'
        ? renderMail(kind, locale, { groupName: group.name, link, newEmail: extra.newEmail ?? to }, brand)
        : renderMail(kind, locale, { groupName: group.name, link }, brand);
  await enqueueMail(db, { groupId: group.id, to, ...rendered });
}
