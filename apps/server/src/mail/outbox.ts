/**
 * The outbox: every mail is a row written in the same transaction as the change that causes it, so
 * a booking that rolls back sends nothing and a committed one never loses its mail. The mail worker
 * (mail-worker.ts) delivers the rows later.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import { columnsOf, fixedShape, type Placeholders } from '../db/fixed-shape.ts';
import { writeSoon } from '../db/write-batch.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes in base64. */
  content: string;
}

export interface OutgoingMail {
  /** The group the mail speaks for (null for mails that belong to no group). */
  groupId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: MailAttachment[];
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

type Db = Kysely<Database> | Transaction<Database>;

/** Writes the mail into the outbox on the given connection or transaction, so it commits or rolls back with the change that causes it. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<number> {
  const row = await outboxInsert(db, mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The same, in a write batch (db/write-batch.ts) at the end of the transaction: the mail worker
 * reads the row only after the commit anyway.
 */
export async function enqueueMailSoon(db: Db, mail: OutgoingMail): Promise<void> {
  await writeSoon(db, outboxInsertQuery.bound(db, outboxRow(mail)));
}

/** Built once per set of columns (db/fixed-shape.ts): every booking mails its confirmation. */
const outboxInsertQuery = fixedShape(
  (db, row: Placeholders<ReturnType<typeof outboxRow>>) => db.insertInto('mail_outbox').values(row),
  columnsOf,
);

/** The outbox row's insert, once the mail is known to be one bare address and well-formed attachments. */
function outboxInsert(db: Db, mail: OutgoingMail) {
  return db.insertInto('mail_outbox').values(outboxRow(mail));
}

/** The outbox row of a mail, refused unless it is one bare address and well-formed attachments. */
function outboxRow(mail: OutgoingMail) {
  const to = mail.to.trim();
  // One bare address: anything else would let a caller's bug turn into extra recipients or headers.
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(to))
    throw new Error(`not a single e-mail address: ${JSON.stringify(mail.to)}`);
  const attachments = mail.attachments ?? [];
  for (const attachment of attachments) {
    if (!attachment.filename || /[\r\n]/.test(attachment.filename + attachment.contentType))
      throw new Error('an attachment needs a one-line filename and content type');
    if (!BASE64.test(attachment.content)) throw new Error(`attachment ${attachment.filename} is not base64`);
  }
  return {
    group_id: mail.groupId,
    to_address: to,
    subject: oneLine(mail.subject),
    text_body: mail.text,
    html_body: mail.html,
    attachments: JSON.stringify(attachments),
  };
}

/** Subjects are headers: a line break in user input (a group name) must not start a new header. */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
