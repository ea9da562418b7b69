/** The account mails (activation, reset, e-mail change), written to the outbox in the caller's transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { LINK_LIFETIME_MS } from './email-links.ts';

type AccountMailKind = 'account_activation' | 'password_reset' | 'email_change';

export interface AccountMail {
  to: string;
  kind: AccountMailKind;
  /** The link's path on the site, with its query. */
  path: string;
  /** The address an e-mail change asks for, when it is not the recipient. */
  newEmail?: string;
}

export async function sendAccountMail(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  db: Kysely<Database> | Transaction<Database>,
  { to, kind, path, newEmail }: AccountMail,
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
        ? renderMail(kind, locale, { groupName: group.name, link, newEmail: newEmail ?? to }, brand)
        : renderMail(kind, locale, { groupName: group.name, link }, brand);
  await enqueueMail(db, { groupId: group.id, to, ...rendered });
}
