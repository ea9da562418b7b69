/**
 * The group configuration format: one JSON document describes a whole business — its settings,
 * home page, catalogue, calendars with their opening hours, promotions and forms. It is what
 * `npm run group -- import FILE.json` reads and `export` writes, and what the demo groups use.
 *
 * Items reference each other by `externid` (unique per kind within the group), never by database
 * id, so a file can be written by hand and re-imported: import upserts every item by externid.
 * The JSON Schema in docs/group-config.schema.json is generated from this file.
 */
import { z } from 'zod';
import { MAX_REMINDER_LEAD_MINUTES } from '../booking/reminder-time.ts';
import { LOCALES } from '../locales.ts';
import { isValidTimeZone } from '../time/time-zone.ts';
import { FACEBOOK_PIXEL_ID, GA_MEASUREMENT_ID, GTM_CONTAINER_ID } from '../tracking/tracking-ids.ts';
import { isHttpsLink, isPictureAddress, MAX_LINK_LENGTH } from '../url/public-links.ts';

/** The longest booking period a group or calendar may set (maxrdv_period), in minutes: two years. */
export const MAX_BOOKING_PERIOD_MINUTES = 60 * 24 * 731;

const externid = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only')
  .describe(
    'Stable identifier of the item within its group; used by references and *_extern_id URL parameters',
  );

const reference = z.string().min(1).max(64).describe('The externid of another item of this file');

const localeCode = z.enum(LOCALES);

/** Per-language overrides of an item's visible texts (the `locale` parameter of the read API picks one). */
const translations = z
  .partialRecord(
    localeCode,
    z.object({
      name: z.string().max(255).optional(),
      publicname: z.string().max(255).optional(),
      description: z.string().max(10_000).optional(),
    }),
  )
  .default({});

const text = (max = 255) => z.string().max(max);
const optionalText = (max = 255) => z.string().max(max).nullable().default(null);
/** A picture the pages show (url/public-links.ts): a path from the site root or an https URL. */
const imageUrl = z
  .string()
  .max(MAX_LINK_LENGTH)
  .refine(isPictureAddress, 'a path from the site root such as /api/v3/groups/1/images/… or an https:// URL')
  // The JSON Schema cannot say it all: the same rule as far as a pattern can.
  .meta({ pattern: '^(https://|/(?![/\\\\]))\\S*$' });
/** A link the pages put in an href (url/public-links.ts): https only, to a named host. */
const httpsLink = z
  .string()
  .max(MAX_LINK_LENGTH)
  .refine(isHttpsLink, 'an https:// address such as https://www.example.com/page')
  .meta({ format: 'uri', pattern: '^https://\\S+$' })
  .nullable()
  .default(null);

/** "HH:MM" local wall-clock time; "24:00" is allowed as an end. */
export const wallClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time HH:MM between 00:00 and 24:00');

/** "YYYY-MM-DD" calendar date (validated as a real date). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'a date that exists');

/** "YYYY-MM-DDTHH:MM" local date-time in the group's time zone. */
export const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'a local date-time YYYY-MM-DDTHH:MM')
  .refine((value) => isoDate.safeParse(value.slice(0, 10)).success, 'a date that exists');

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const timeRange = z
  .tuple([wallClockTime, wallClockTime])
  .refine(([from, to]) => from < to, 'a range whose start is before its end')
  .describe('[start, end) in local wall-clock time of the group');

const weeklyHours = z
  .partialRecord(z.enum(WEEKDAYS), z.array(timeRange).max(12))
  .describe('Opening ranges per weekday, in the group time zone');

const scheduleException = z
  .object({
    kind: z
      .enum(['closure', 'absence', 'opening'])
      .describe('closure and absence remove time from the weekly hours; opening adds time'),
    from: localDateTime,
    to: localDateTime,
    label: optionalText(),
  })
  .refine((e) => e.from < e.to, { message: 'from must be before to', path: ['to'] });

const formFieldType = z.enum([
  'select',
  'linkedcombo',
  'boolean',
  'radio',
  'datesplit',
  'text',
  'integer',
  'email',
]);

export const formFieldSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _'),
    type: formFieldType,
    label: text(),
    rightLabel: optionalText(),
    choices: z
      .array(
        z.object({
          value: z.string().min(1).max(255),
          label: z.string().max(255),
          /** linkedcombo: the sub-choices offered once this choice is picked. */
          children: z.array(z.object({ value: z.string().max(255), label: z.string().max(255) })).optional(),
        }),
      )
      .max(500)
      .optional(),
    allowAny: z.boolean().default(false).describe('radio: an extra free-text answer'),
    required: z.boolean().default(false),
    minLength: z.int().min(0).max(10_000).optional(),
    maxLength: z.int().min(1).max(10_000).optional(),
    rows: z.int().min(1).max(20).optional(),
    trim: z.boolean().default(true),
    description: optionalText(2000),
    addEmptyChoice: z.boolean().default(false),
    value: z
      .union([z.string().max(255), z.number(), z.boolean()])
      .nullable()
      .default(null),
    /** datesplit: a birth date (may not be in the future). */
    birthdate: z.boolean().default(false),
    translations: z
      .partialRecord(
        localeCode,
        z.object({ label: z.string().max(255).optional(), description: z.string().optional() }),
      )
      .optional(),
  })
  .superRefine(checkFormField);
export type FormField = z.infer<typeof formFieldSchema>;

/**
 * A field's rules across its options: no answer could meet a minimum length above the maximum, and
 * two choices of one value could not be told apart once answered (the answer stores the value).
 */
function checkFormField(
  field: {
    minLength?: number | undefined;
    maxLength?: number | undefined;
    choices?: { value: string }[] | undefined;
  },
  ctx: z.core.$RefinementCtx<unknown>,
): void {
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength)
    ctx.addIssue({ code: 'custom', message: 'maxLength must not be below minLength', path: ['maxLength'] });
  const values = new Set<string>();
  field.choices?.forEach((choice, index) => {
    if (values.has(choice.value))
      ctx.addIssue({
        code: 'custom',
        message: `duplicate choice "${choice.value}"`,
        path: ['choices', index, 'value'],
      });
    values.add(choice.value);
  });
}

const stepName = z.enum([
  'interventionset_ids',
  'intervention_ids',
  'calendarset_id',
  'calendar_id',
  'resource_id',
  'login',
]);

const sequenceStep = z.object({
  name: stepName,
  max_multirdvs: z.int().min(0).max(10).optional(),
  skip_uniq_choice: z.boolean().default(false),
  any: z.boolean().default(false).describe('offer a "no preference" choice'),
  preposition: optionalText(),
});

const gridListEntry = z.object({
  description: z.boolean().default(true),
  image: z.boolean().default(true),
  grid_mode: z.boolean().default(false),
});

const colorHex = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'a colour #RRGGBB');
const palette = z.partialRecord(
  z.enum([
    'text',
    'border',
    'primary',
    'background',
    'disabled',
    'secondary',
    'accent',
    'input',
    'error',
    'success',
  ]),
  colorHex,
);

export const groupSettingsSchema = z.object({
  phone: optionalText(32),
  sector: optionalText(64).describe('"Santé" marks the health sector'),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
  address: z
    .object({
      address: text(),
      city: text(),
      zipcode: text(16),
      country: text(64).default('FR'),
    })
    .nullable()
    .default(null),
  country: z.string().length(2).default('FR'),
  locale: localeCode.default('fr'),
  enabled_locales: z.array(localeCode).min(1).default(['fr']),
  timezone: z
    .string()
    .default('Europe/Paris')
    .refine(isValidTimeZone, 'an IANA time zone such as Europe/Paris'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
    .default('EUR'),
  open: z.boolean().default(true).describe('new customers may register and book'),
  openData: z.boolean().default(true).describe('false: visitors must log in before seeing anything'),
  logo_url: imageUrl.nullable().default(null),
  preposition: optionalText(32),
  store_chain: optionalText(),
  siteUrl: httpsLink,
  callCenter: z.boolean().default(false),
  has_minisite: z.boolean().default(false),
  sso_login_only: z.boolean().default(false),
  user_allow_comment: z.boolean().default(true),
  check_sms_from_web: z.boolean().default(true),
  capacity_display_user: z.boolean().default(false),
  display_calendar_info: z.boolean().default(true),
  display_intervention_info: z.boolean().default(true),
  display_intervention_price: z.boolean().default(true),
  display_intervention_length: z.boolean().default(true),
  grid_list_mode: z
    .partialRecord(
      z.enum([
        'has_interventionsets_tab',
        'has_interventions_tab',
        'has_calendarsets_tab',
        'has_calendars_tab',
        'has_resources_tab',
      ]),
      gridListEntry,
    )
    .default({}),
  loginProfile: z.enum(['Account', 'Fiche']).default('Account'),
  user_sequence_config: z
    .array(sequenceStep)
    .max(8)
    .default([{ name: 'intervention_ids', skip_uniq_choice: false, any: false, preposition: null }]),
  steps_init: z.array(stepName).max(8).nullable().default(null),
  apptemplates: z
    .object({
      takerdv_text: optionalText(10_000),
      alltab_text: optionalText(10_000),
      confirm_text: optionalText(10_000),
      health_disclaimer: optionalText(10_000),
      login_text: optionalText(10_000),
      appointments_text: optionalText(10_000),
    })
    .prefault({}),
  usercolors: z.partialRecord(z.enum(['header', 'stepper', 'banner', 'body']), palette).default({}),
  // Raw tracking code is refused: it would run on the origin every group shares. Kept as a key so a
  // configuration that still has it is told so, not silently stripped.
  tracking_tags: z
    .array(z.unknown())
    .max(
      0,
      'tracking code is not accepted: set tracking.gtm_container_id, tracking.ga_measurement_id or facebook_pixel_id',
    )
    .default([]),
  tracking: z
    .object({
      gtm_container_id: z
        .string()
        .regex(GTM_CONTAINER_ID, 'a Google Tag Manager container id such as GTM-AB12CD3')
        .nullable()
        .default(null),
      ga_measurement_id: z
        .string()
        .regex(GA_MEASUREMENT_ID, 'a Google Analytics measurement id such as G-AB12CD34EF')
        .nullable()
        .default(null),
    })
    .strict()
    .prefault({}),
  tracking_type: z.enum(['none', 'gtm', 'parent']).default('none'),
  facebook_pixel_id: z
    .string()
    .regex(FACEBOOK_PIXEL_ID, 'a Meta pixel id: 6 to 20 digits')
    .nullable()
    .default(null),
  maxrdv_period: z
    .int()
    .min(60)
    .max(MAX_BOOKING_PERIOD_MINUTES)
    .default(60 * 24 * 90)
    .describe('How far ahead customers may book, in minutes'),
  shard: z.string().max(64).default('main'),
  theme: optionalText(64),
  merge_interventions: z.boolean().default(false),
  hide_marketing_sms: z.boolean().default(false),
  profile: z
    .object({
      use_api_v3: z.boolean().default(true),
      use_booking_service: z.boolean().default(false),
      ants_group: z.boolean().default(false).describe('government-request variant (str9 reference number)'),
    })
    .prefault({}),
  notifications: z
    .object({
      emails: z.array(z.email().max(254)).max(5).default([]).describe('who at the business is told'),
      events: z
        .array(z.enum(['created', 'changed', 'cancelled']))
        .max(3)
        .default(['created', 'changed', 'cancelled'])
        .describe('which changes to a booking they are told of'),
    })
    .prefault({})
    .describe('mails to the business about its bookings (docs/back-office.md "Notices to the business")'),
  reminders: z
    .object({
      lead_minutes: z
        .array(z.int().min(15).max(MAX_REMINDER_LEAD_MINUTES))
        .max(3)
        .refine((leads) => new Set(leads).size === leads.length, 'each lead time once')
        .default([24 * 60, 120])
        .describe('how long before the appointment; whole days count on the wall clock'),
      email: z.boolean().default(true).describe('remind by e-mail'),
      sms: z.boolean().default(false).describe('remind by text message (needs a phone number)'),
    })
    .prefault({})
    .describe('reminders to customers before their appointments (docs/reminders.md)'),
  rules: z
    .object({
      min_notice_minutes: z
        .int()
        .min(0)
        .max(60 * 24 * 60)
        .default(60)
        .describe('no slot earlier than now + this'),
      cancel_notice_minutes: z
        .int()
        .min(0)
        .max(60 * 24 * 60)
        .default(24 * 60)
        .describe('mintimeRDVError before this'),
      modify_notice_minutes: z
        .int()
        .min(0)
        .max(60 * 24 * 60)
        .default(24 * 60)
        .describe('mintimeRDVModifyError before this'),
      max_future_appointments: z
        .int()
        .min(1)
        .max(1000)
        .nullable()
        .default(null)
        .describe('max_rdv_number per customer'),
      mintime_between_minutes: z
        .int()
        .min(0)
        .max(60 * 24 * 60)
        .default(0)
        .describe("mintime_between: gap between a customer's appointments"),
      blacklist: z
        .array(z.email())
        .max(10_000)
        .default([])
        .describe('user_blacklisted: e-mails that may not book'),
      release: z
        .object({
          day_of_month: z.int().min(1).max(28).describe('the day of every month the release happens'),
          time: z
            .string()
            .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time HH:MM between 00:00 and 23:59')
            .describe('wall-clock time of the release, in the group time zone'),
          months_ahead: z
            .int()
            .min(1)
            .max(12)
            .describe('the month released: this many months after the releasing month'),
        })
        .strict()
        .nullable()
        .default(null)
        .describe(
          'scheduled release of months (docs/group-configuration.md "Scheduled release"); null: none',
        ),
    })
    .prefault({}),
});
export type GroupSettings = z.infer<typeof groupSettingsSchema>;

export const websiteSchema = z.object({
  title: optionalText(),
  quick_desc: optionalText(20_000).describe('plain text, or HTML sanitised before display'),
  keywords: optionalText(1000),
  domain: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+$/, 'a lower-case host name')
    .nullable()
    .default(null)
    .describe('host that serves this group at "/" (GET /api/urlname)'),
  map: z.boolean().default(true),
  listing: z.enum(['category', 'intervention', 'package']).nullable().default(null),
  listing_ids: z.array(reference).max(6).default([]),
  highlight: z.boolean().default(false),
  highlight_service: reference.nullable().default(null),
  highlight_package: reference.nullable().default(null),
  offer_text: optionalText(2000),
  openinghours: weeklyHours
    .optional()
    .describe('shown on the home page; at most two ranges per day are shown'),
  contact_info: z.boolean().default(true),
  website_link: httpsLink,
  social_link: z.boolean().default(false),
  facebook: httpsLink,
  twitterX: httpsLink,
  instagram: httpsLink,
  snapchat: httpsLink,
  mail: z.email().nullable().default(null),
  complement_text: optionalText(20_000),
  otherbox: optionalText(20_000),
  images: z
    .array(z.object({ url: imageUrl, alt: text().default('') }))
    .max(20)
    .default([]),
  offer_type: optionalText(32),
  provider_website: z.boolean().default(false),
});
export type WebsiteConfig = z.infer<typeof websiteSchema>;

const catalogueItem = {
  externid,
  name: text().min(1),
  publicname: z
    .string()
    .max(255)
    .default('')
    .describe('empty: hidden from customers, shown to call-centre pros'),
  description: optionalText(10_000),
  thumbnail: imageUrl.nullable().default(null),
  sort: z.int().min(-1_000_000).max(1_000_000).default(0),
  deleted: z.boolean().default(false),
  translations,
};

const interventionsetSchema = z.object(catalogueItem);

const interventionSchema = z.object({
  ...catalogueItem,
  interventionset: reference.nullable().default(null),
  price: z.int().min(0).max(100_000_000).nullable().default(null).describe('in cents'),
  length: z
    .int()
    .min(1)
    .max(24 * 60)
    .describe('minutes'),
  videoconference: z.boolean().default(false),
  skippable_agenda: z.boolean().default(false),
  need_resource: z.boolean().default(false),
  only_package: z.boolean().default(false).describe('bookable only inside a pack'),
  merged: z.boolean().default(false),
  abbr: optionalText(16),
});

const packItemSchema = z.object({
  intervention: reference,
  publicname: optionalText(),
  break_time: z
    .int()
    .min(0)
    .max(24 * 60)
    .default(0)
    .describe('minutes of pause after this item'),
  selectedCalendar: reference.nullable().default(null).describe('calendar preselected for this item'),
});

const packSchema = z.object({
  ...catalogueItem,
  interventionset: reference.nullable().default(null),
  status: z.enum(['opened', 'closed']).default('opened'),
  price: z.int().min(0).max(100_000_000).nullable().default(null).describe('in cents; null uses total_price'),
  total_price: z.int().min(0).max(100_000_000).nullable().default(null),
  items: z.array(packItemSchema).min(2).max(10),
});

/** Where a calendar set's appointments take place, when not at the group's address (another site). */
const siteAddressSchema = z.object({
  // A site people are sent to: a street and a town at least (the settings screen asks for both).
  address: text().min(1, 'the street of the site'),
  city: text().min(1, 'the town of the site'),
  zipcode: text(16),
  country: text(64).default('FR'),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
});

/** A place where appointments happen: a site's address, or the group's with its coordinates. */
export type SiteAddress = z.infer<typeof siteAddressSchema>;

const calendarsetSchema = z.object({
  ...catalogueItem,
  address: siteAddressSchema
    .nullable()
    .default(null)
    .describe("the site's address: appointments on its calendars take place there, not at the group's"),
});

const calendarSchema = z.object({
  ...catalogueItem,
  calendarset: reference.nullable().default(null),
  resource: z.boolean().default(false).describe('a room or machine rather than a person'),
  capacity: z.int().min(1).max(1000).default(1).describe('appointments at the same time'),
  slot_step: z
    .int()
    .min(5)
    .max(24 * 60)
    .default(15)
    .describe('minutes between candidate starts'),
  maxrdv_period: z
    .int()
    .min(60)
    .max(MAX_BOOKING_PERIOD_MINUTES)
    .nullable()
    .default(null)
    .describe('minutes; overrides the group'),
  interventions: z
    .array(
      z.object({
        intervention: reference,
        duration: z
          .int()
          .min(1)
          .max(24 * 60)
          .nullable()
          .default(null)
          .describe('overrides the intervention length'),
      }),
    )
    .max(500)
    .default([]),
  weekly: weeklyHours.default({}),
  exceptions: z.array(scheduleException).max(2000).default([]),
});

const promotionSchema = z.object({
  externid,
  label: text().min(1),
  percent: z.int().min(1).max(100),
  interventions: z.array(reference).max(500).nullable().default(null).describe('null: every service'),
  from_date: isoDate.nullable().default(null),
  to_date: isoDate.nullable().default(null),
  weekdays: z.array(z.enum(WEEKDAYS)).max(7).nullable().default(null),
  from_time: wallClockTime.nullable().default(null),
  to_time: wallClockTime.nullable().default(null),
  deleted: z.boolean().default(false),
});

const ssoSchema = z.object({
  issuer: z.url(),
  client_id: z.string().min(1).max(255),
  client_secret: z.string().min(1).max(1024).describe('never sent to browsers'),
});

export const groupConfigSchema = z
  .object({
    $schema: z.string().optional(),
    urlname: z
      .string()
      .min(2)
      .max(64)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and -'),
    name: text().min(1),
    active: z.boolean().default(true).describe('false: the booking page shows the inactive notice'),
    settings: groupSettingsSchema.prefault({}),
    website: websiteSchema.nullable().default(null),
    interventionsets: z.array(interventionsetSchema).max(500).default([]),
    interventions: z.array(interventionSchema).max(2000).default([]),
    packs: z.array(packSchema).max(500).default([]),
    calendarsets: z.array(calendarsetSchema).max(500).default([]),
    calendars: z.array(calendarSchema).max(1000).default([]),
    promotions: z.array(promotionSchema).max(500).default([]),
    forms: z
      .object({
        fiche: z.array(formFieldSchema).max(100).default([]),
        vevent: z.array(formFieldSchema).max(100).default([]),
      })
      .prefault({}),
    sso: ssoSchema.nullable().default(null),
  })
  .superRefine(checkReferences);

export type GroupConfigInput = z.input<typeof groupConfigSchema>;
export type GroupConfig = z.output<typeof groupConfigSchema>;

type Ctx = z.core.$RefinementCtx<z.output<z.ZodObject>>;

/** Cross-item rules zod cannot express field by field: unique externids and resolvable references. */
function checkReferences(config: Record<string, unknown>, ctx: Ctx): void {
  const c = config as unknown as GroupConfig;
  const ids = (list: { externid: string }[], kind: string) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      if (seen.has(item.externid)) {
        ctx.addIssue({
          code: 'custom',
          message: `duplicate externid "${item.externid}"`,
          path: [kind, index, 'externid'],
        });
      }
      seen.add(item.externid);
    });
    return seen;
  };
  const sets = ids(c.interventionsets, 'interventionsets');
  // Packs and single services share one id space: the interventions endpoint lists both.
  const services = ids([...c.interventions, ...c.packs], 'interventions');
  const singleServices = new Set(c.interventions.map((i) => i.externid));
  const packs = new Set(c.packs.map((p) => p.externid));
  // Deleted items stay in a file to keep their ids, but nothing offered may still name them: a
  // pack would be booked with a service nobody offers, a promotion would lower a price nobody sees.
  const deletedOf = (list: { externid: string; deleted: boolean }[]) =>
    new Set(list.filter((item) => item.deleted).map((item) => item.externid));
  const deletedServices = deletedOf([...c.interventions, ...c.packs]);
  const deletedCalendars = deletedOf(c.calendars);
  const live = (
    gone: Set<string>,
    value: string | null | undefined,
    path: (string | number)[],
    what: string,
  ) => {
    if (value != null && gone.has(value))
      ctx.addIssue({ code: 'custom', message: `deleted ${what} "${value}"`, path });
  };
  const calendarsets = ids(c.calendarsets, 'calendarsets');
  const calendars = ids(c.calendars, 'calendars');
  ids(c.promotions, 'promotions');

  const need = (
    set: Set<string>,
    value: string | null | undefined,
    path: (string | number)[],
    what: string,
  ) => {
    if (value != null && !set.has(value)) {
      ctx.addIssue({ code: 'custom', message: `unknown ${what} "${value}"`, path });
    }
  };
  c.interventions.forEach((item, i) => {
    need(sets, item.interventionset, ['interventions', i, 'interventionset'], 'interventionset');
  });
  c.packs.forEach((pack, i) => {
    need(sets, pack.interventionset, ['packs', i, 'interventionset'], 'interventionset');
    pack.items.forEach((item, j) => {
      need(singleServices, item.intervention, ['packs', i, 'items', j, 'intervention'], 'intervention');
      need(calendars, item.selectedCalendar, ['packs', i, 'items', j, 'selectedCalendar'], 'calendar');
      if (pack.deleted) return;
      live(deletedServices, item.intervention, ['packs', i, 'items', j, 'intervention'], 'intervention');
      live(deletedCalendars, item.selectedCalendar, ['packs', i, 'items', j, 'selectedCalendar'], 'calendar');
    });
    if (pack.price == null && pack.total_price == null) {
      ctx.addIssue({
        code: 'custom',
        message: 'a pack needs price or total_price',
        path: ['packs', i, 'price'],
      });
    }
  });
  c.calendars.forEach((calendar, i) => {
    need(calendarsets, calendar.calendarset, ['calendars', i, 'calendarset'], 'calendarset');
    calendar.interventions.forEach((link, j) => {
      need(
        singleServices,
        link.intervention,
        ['calendars', i, 'interventions', j, 'intervention'],
        'intervention',
      );
    });
  });
  c.promotions.forEach((promotion, i) => {
    promotion.interventions?.forEach((ref, j) => {
      need(services, ref, ['promotions', i, 'interventions', j], 'intervention');
      if (!promotion.deleted)
        live(deletedServices, ref, ['promotions', i, 'interventions', j], 'intervention');
    });
    // An empty list would match nothing: "every service" is null.
    if (promotion.interventions?.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'name at least one service or pack, or null for every service',
        path: ['promotions', i, 'interventions'],
      });
    }
    if (promotion.from_date && promotion.to_date && promotion.from_date > promotion.to_date) {
      ctx.addIssue({
        code: 'custom',
        message: 'from_date must not be after to_date',
        path: ['promotions', i, 'to_date'],
      });
    }
    if (promotion.from_time && promotion.to_time && promotion.from_time >= promotion.to_time) {
      ctx.addIssue({
        code: 'custom',
        message: 'from_time must be before to_time',
        path: ['promotions', i, 'to_time'],
      });
    }
  });
  if (c.website) {
    const listed =
      c.website.listing === 'category' ? sets : c.website.listing === 'package' ? packs : singleServices;
    c.website.listing_ids.forEach((ref, i) => {
      need(listed, ref, ['website', 'listing_ids', i], c.website?.listing ?? 'intervention');
    });
    need(singleServices, c.website.highlight_service, ['website', 'highlight_service'], 'intervention');
    need(packs, c.website.highlight_package, ['website', 'highlight_package'], 'pack');
  }
  const enabled = c.settings.enabled_locales;
  if (!enabled.includes(c.settings.locale)) {
    ctx.addIssue({
      code: 'custom',
      message: 'locale must be one of enabled_locales',
      path: ['settings', 'locale'],
    });
  }
  // A notice as long as every horizon leaves no time at all to book (the back office's rules form).
  const horizon = Math.max(c.settings.maxrdv_period, ...c.calendars.map((cal) => cal.maxrdv_period ?? 0));
  if (c.settings.rules.min_notice_minutes >= horizon) {
    ctx.addIssue({
      code: 'custom',
      message: 'the notice to book must be shorter than the booking horizon (maxrdv_period)',
      path: ['settings', 'rules', 'min_notice_minutes'],
    });
  }
  // The booking pages count a step once: a second one is a mistake, not a second question.
  const steps = new Set<string>();
  c.settings.user_sequence_config.forEach((step, i) => {
    if (steps.has(step.name))
      ctx.addIssue({
        code: 'custom',
        message: `step "${step.name}" listed twice`,
        path: ['settings', 'user_sequence_config', i, 'name'],
      });
    steps.add(step.name);
  });
  if (c.settings.sso_login_only && !c.sso) {
    ctx.addIssue({ code: 'custom', message: 'sso_login_only needs an sso provider', path: ['sso'] });
  }
  // Answers are stored by field name, one name per form: a second field would overwrite the first.
  for (const form of ['fiche', 'vevent'] as const) {
    const formNames = new Set<string>();
    c.forms[form].forEach((field, i) => {
      if (formNames.has(field.name)) {
        ctx.addIssue({
          code: 'custom',
          message: `duplicate field "${field.name}"`,
          path: ['forms', form, i, 'name'],
        });
      }
      formNames.add(field.name);
    });
  }
}

/** Human-readable list of problems, each naming its JSON path and the rule broken. */
export function describeConfigErrors(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length
      ? `$.${issue.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : p))
          .join('.')
          .replace(/\.\[/g, '[')}`
      : '$';
    return `${path}: ${issue.message}`;
  });
}
