/**
 * Kysely table types, kept by hand beside the migrations (db/migrations). Dates: `timestamptz`
 * columns are Date objects, `date` and `timestamp` (local wall-clock) columns are strings —
 * connection.ts sets the same parsers on PGlite and on pg so both behave alike.
 */
import type {
  FormField,
  GroupSettings,
  SiteAddress,
  WebsiteConfig,
} from '@creneau/core/group-config/group-config.schema';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface GroupsTable {
  id: Generated<number>;
  urlname: string;
  name: string;
  active: Generated<boolean>;
  /** Written only by modules/group-config, from a configuration checked against its schema. */
  settings: Json<GroupSettings>;
  sso: Json<{ issuer: string; client_id: string; client_secret: string } | null> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by a trigger on every write to the group's catalogue tables (migration 003); int8 as text. */
  catalogue_version: Generated<string>;
}

export interface WebsitesTable {
  group_id: number;
  domain: string | null;
  settings: Json<WebsiteConfig>;
}

interface CatalogueColumns {
  id: Generated<number>;
  group_id: number;
  externid: string;
  name: string;
  publicname: Generated<string>;
  description: string | null;
  thumbnail: string | null;
  sort: Generated<number>;
  deleted: Generated<boolean>;
  translations: Json<Translations>;
}

export type Translations = Partial<
  Record<string, { name?: string; publicname?: string; description?: string }>
>;

export type InterventionsetsTable = CatalogueColumns;
/** address: the site's (migration 004); null: the group's address. */
export type CalendarsetsTable = CatalogueColumns & { address: Json<SiteAddress | null> | null };

export interface PackItem {
  intervention_id: number;
  publicname: string | null;
  break_time: number;
  selectedCalendar: number | null;
}

export interface InterventionsTable extends CatalogueColumns {
  type: 'free' | 'pack';
  interventionset_id: number | null;
  price: number | null;
  total_price: number | null;
  length: number;
  videoconference: Generated<boolean>;
  skippable_agenda: Generated<boolean>;
  need_resource: Generated<boolean>;
  only_package: Generated<boolean>;
  merged: Generated<boolean>;
  abbr: string | null;
  status: Generated<'opened' | 'closed'>;
  config: Json<PackItem[] | null> | null;
}

export interface CalendarsTable extends CatalogueColumns {
  calendarset_id: number | null;
  is_resource: Generated<boolean>;
  capacity: Generated<number>;
  slot_step: Generated<number>;
  maxrdv_period: number | null;
}

export interface CalendarInterventionsTable {
  group_id: number;
  calendar_id: number;
  intervention_id: number;
  duration: number | null;
}

export interface OpeningRangesTable {
  id: Generated<number>;
  group_id: number;
  calendar_id: number;
  weekday: number;
  start_minute: number;
  end_minute: number;
}

export interface ScheduleExceptionsTable {
  id: Generated<number>;
  group_id: number;
  calendar_id: number;
  kind: 'closure' | 'absence' | 'opening';
  starts_local: string;
  ends_local: string;
  label: string | null;
  /** Shared by the occurrences of one recurring absence. */
  series: string | null;
  created_by: number | null;
}

export interface PromotionsTable {
  id: Generated<number>;
  group_id: number;
  externid: string;
  label: string;
  percent: number;
  intervention_ids: number[] | null;
  from_date: string | null;
  to_date: string | null;
  weekdays: number[] | null;
  from_minute: number | null;
  to_minute: number | null;
  deleted: Generated<boolean>;
}

export interface FormFieldsTable {
  id: Generated<number>;
  group_id: number;
  form: 'fiche' | 'vevent';
  name: string;
  position: number;
  definition: Json<FormField>;
}

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  role: Generated<'user' | 'pro'>;
  name: string | null;
  status: Generated<'pending' | 'active'>;
  temp_email: string | null;
  marketing_optin: Generated<boolean>;
  marketing_sms: Generated<boolean>;
  solocal_services_optin: Generated<boolean>;
  failed_logins: Generated<number>;
  locked_until: Date | null;
  need_password_change: Generated<boolean>;
  sso_issuer: string | null;
  sso_subject: string | null;
  origin_group_id: number | null;
  pending_rdv: Json<Record<string, unknown> | null> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StaffRole = 'owner' | 'manager' | 'staff' | 'callcentre';

export interface ProGroupsTable {
  account_id: number;
  group_id: number;
  role: Generated<StaffRole>;
  /** A staff member who works on every calendar, not only those of staff_calendars. */
  all_calendars: Generated<boolean>;
}

export type HistoryAction =
  | 'moved'
  | 'changed'
  | 'cancelled'
  | 'arrived'
  | 'no_show'
  | 'attendance_cleared'
  | 'note'
  /** Booked by an owner or a manager past the notice limits or the capacity; details.reason says why. */
  | 'override';

export interface AppointmentHistoryTable {
  id: Generated<string>;
  group_id: number;
  appointment_id: number;
  at: Date;
  actor: 'customer' | 'staff';
  actor_account_id: number | null;
  action: HistoryAction;
  details: Json<Record<string, unknown>>;
}

export interface StaffCalendarsTable {
  account_id: number;
  group_id: number;
  calendar_id: number;
}

export interface StaffInvitationsTable {
  id: Generated<number>;
  group_id: number;
  email: string;
  role: StaffRole;
  all_calendars: Generated<boolean>;
  calendar_ids: Generated<number[]>;
  token_hash: Buffer;
  invited_by: number | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: number | null;
  revoked_at: Date | null;
}

export type ConfigVersionSource = 'import' | 'editor' | 'restore' | 'signup';

export interface GroupConfigVersionsTable {
  group_id: number;
  version: number;
  /** The configuration as exported right after the change (docs/group-configuration.md). */
  document: unknown;
  source: ConfigVersionSource;
  author_account_id: number | null;
  restored_from: number | null;
  created_at: Date;
}

/** One resized variant of an image a group uploaded (docs/back-office.md "Images"). */
export interface GroupImagesTable {
  group_id: number;
  /** The first 32 hex digits of the SHA-256 of the uploaded bytes. */
  hash: string;
  variant: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  uploaded_by: number | null;
  created_at: Date;
}

export interface FichesTable {
  id: Generated<number>;
  group_id: number;
  account_id: number | null;
  firstname: string;
  lastname: string;
  email: string | null;
  firstphone: string | null;
  deleted: Generated<boolean>;
  marketing_optin: Generated<boolean>;
  marketing_sms: Generated<boolean>;
  solocal_services_optin: Generated<boolean>;
  /** false once the person stopped reminders of that channel from a reminder's link. */
  reminders_email: Generated<boolean>;
  reminders_sms: Generated<boolean>;
  externid: string | null;
  fields: Json<Record<string, unknown>>;
  /** Normalised e-mail and phone: who the record belongs to (migration 006, core person-identity). */
  email_key: string | null;
  phone_key: string | null;
  /** Who made the record: the group (import, its professionals) or a customer (docs/booking.md). */
  origin: Generated<'group' | 'customer'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: Uint8Array;
  type: 'user' | 'pro' | 'fiche' | 'guest';
  account_id: number | null;
  group_id: number | null;
  fiche_id: number | null;
  /** The link kind of an e-mail link session (modules/sessions/link-scope.ts); null otherwise. */
  scope: 'manage' | 'cancel_apt' | 'export_apt' | null;
  scope_appointment_id: number | null;
  sso_logged: Generated<boolean>;
  last_signed_at: Timestamp;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface EmailTokensTable {
  id: Generated<number>;
  token_hash: Uint8Array;
  purpose: 'activate' | 'reset' | 'email_change' | 'fiche';
  account_id: number | null;
  group_id: number | null;
  fiche_id: number | null;
  payload: Json<Record<string, unknown>>;
  expires_at: Date | string;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: Date | null;
}

export interface AppointmentsTable {
  id: Generated<number>;
  group_id: number;
  fiche_id: number;
  account_id: number | null;
  intervention_id: number;
  calendar_id: number;
  resource_id: number | null;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
  duration: number;
  type: Generated<'free' | 'first' | 'included'>;
  pack_id: number | null;
  parent_id: number | null;
  consecutive_value: string | null;
  price_amount: number | null;
  intervention_price: number | null;
  promotion: number | null;
  is_promoted: Generated<boolean>;
  video_room: string | null;
  comments: string | null;
  vevent: Json<Record<string, unknown>>;
  websource: string | null;
  from_web: Generated<boolean>;
  status: Generated<'confirmed' | 'cancelled'>;
  cancelled_at: Date | null;
  booked_by_pro_id: number | null;
  /** What the business recorded about the visit; never shown to the customer. */
  attendance: 'arrived' | 'no_show' | null;
  /** The business's private note on the appointment. */
  staff_note: string | null;
  /** The language the customer booked in (null before reminders existed): their reminders use it. */
  locale: string | null;
  calendar_exclusive: Generated<boolean>;
  resource_exclusive: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  group_id: number;
  key: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  group_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: Json<{ filename: string; contentType: string; content: string }[]>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
}

export type JobStatus = 'pending' | 'done' | 'dead' | 'cancelled';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  group_id: number | null;
  payload: Json<Record<string, unknown>>;
  /** Set for work that must exist once (a reminder): a second enqueue with the key does nothing. */
  once_key: string | null;
  status: Generated<JobStatus>;
  /** When the job is due; while a worker runs it, the end of that worker's lease. */
  run_at: Timestamp;
  /** Attempts started, the one in progress included. */
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

/** A private calendar subscription (docs/back-office.md "Calendar subscriptions"). */
export interface CalendarFeedsTable {
  id: Generated<number>;
  group_id: number;
  /** Who made it: the feed answers only while their membership still allows it. */
  account_id: number;
  /** Null: the appointments of every calendar the member works on. */
  calendar_id: number | null;
  token_hash: Buffer;
  created_at: Date;
  last_fetched_at: Date | null;
}

export interface Database {
  groups: GroupsTable;
  websites: WebsitesTable;
  interventionsets: InterventionsetsTable;
  interventions: InterventionsTable;
  calendarsets: CalendarsetsTable;
  calendars: CalendarsTable;
  calendar_interventions: CalendarInterventionsTable;
  opening_ranges: OpeningRangesTable;
  schedule_exceptions: ScheduleExceptionsTable;
  promotions: PromotionsTable;
  form_fields: FormFieldsTable;
  accounts: AccountsTable;
  pro_groups: ProGroupsTable;
  staff_calendars: StaffCalendarsTable;
  staff_invitations: StaffInvitationsTable;
  group_config_versions: GroupConfigVersionsTable;
  group_images: GroupImagesTable;
  fiches: FichesTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  login_throttle: LoginThrottleTable;
  appointments: AppointmentsTable;
  appointment_history: AppointmentHistoryTable;
  idempotency_keys: IdempotencyKeysTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  calendar_feeds: CalendarFeedsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  shards: ShardsTable;
  shard_directory: ShardDirectoryTable;
}

/** A PostgreSQL cluster of a sharded deployment; `number` gives its rows their id range (db/shards.ts). */
export interface ShardsTable {
  name: string;
  number: number;
}

/** Which shard holds a group (docs/operations.md "Sharding"); read on the directory database. */
export interface ShardDirectoryTable {
  group_id: number;
  urlname: string;
  shard: string;
  /** The shard the group is being copied to: its writes are refused until the move ends. */
  moving_to: string | null;
}

export type GroupRow = Selectable<GroupsTable>;
export type NewAppointment = Insertable<AppointmentsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type FicheRow = Selectable<FichesTable>;

/** A group's webhook endpoint (docs/webhooks.md). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  group_id: number;
  url: string;
  /** The event types it receives, as a JSON array. */
  events: Json<string[]>;
  /** `whsec_` and base64: the Standard Webhooks form of a signing key. */
  secret: string;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint, sent by a job and retried by it (docs/webhooks.md "Retries"). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  group_id: number;
  endpoint_id: number;
  /** The `webhook-id` header, the same on every try and replay. */
  event_id: string;
  event_type: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}

/** A person waiting for a time of a service to free up (docs/waitlist.md). */
export type WaitlistEntryStatus = 'open' | 'booked' | 'left' | 'closed';

export interface WaitlistEntriesTable {
  id: Generated<number>;
  group_id: number;
  intervention_id: number;
  /** null: any calendar that performs the service. */
  calendar_id: number | null;
  /** Local dates in the group's zone, both included ("YYYY-MM-DD"). */
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  email: string;
  /** The address as the limits compare it (normalizeEmail). */
  email_key: string;
  firstname: string;
  lastname: string;
  /** For groups whose records need a phone number: the booking an offer makes uses it. */
  phone: string | null;
  locale: string;
  account_id: number | null;
  fiche_id: number | null;
  /** The appointment to bring forward; null for a new booking. */
  appointment_id: number | null;
  status: Generated<WaitlistEntryStatus>;
  created_at: Generated<Date>;
  closed_at: Date | null;
}

export type WaitlistOfferStatus = 'sent' | 'accepted' | 'taken';

export interface WaitlistOffersTable {
  id: Generated<number>;
  entry_id: number;
  group_id: number;
  starts_at: Timestamp;
  /** The calendar the freed time was found on: the booking asks for it. */
  calendar_id: number;
  /** sha256 of the link's token: the token itself is only in the mail. */
  token_hash: string;
  expires_at: Timestamp;
  status: Generated<WaitlistOfferStatus>;
  created_at: Generated<Date>;
  decided_at: Date | null;
}
