/**
 * Which fields of the fiche and vevent forms are asked of whom (docs/requirements/accounts-and-appointments.md §3, §5, §6). Three
 * outcomes:
 * - shown: asked and validated;
 * - hidden: part of the record but not asked; the web app does not send it and the server ignores a
 *   sent value, keeping the stored one or deriving it (a fiche's e-mail is the account's e-mail);
 * - removed: not part of this form at all.
 * Only shown fields are validated (validateForm on visibleFields).
 */
import { REFERENCE_FIELD_NAME } from './reference-number.ts';

export type FieldVisibility = 'shown' | 'hidden' | 'removed';
export type Role = 'anonymous' | 'user' | 'pro';

export interface VisibilityContext {
  form: 'fiche' | 'vevent';
  /** Who fills the form: nobody logged in, a customer (session type user), or a professional. */
  role: Role;
  loginProfile: 'Account' | 'Fiche';
  /** The group's hide_marketing_sms setting. */
  hideMarketingSms: boolean;
  /** An existing fiche is selected (as opposed to creating a new one). */
  ficheSelected: boolean;
  /** The government-request mode (the group's profile.ants_group): only then is str9 asked. */
  antsMode: boolean;
}

/** Vevent names the booking itself supplies; a group's vevent form may not ask for them (docs/requirements/accounts-and-appointments.md §3). */
export const VEVENT_RESERVED_FIELDS = ['intervention_ids', 'start', 'calendar_id', 'resource_id'] as const;
/** The vevent field whose presence replaces the built-in comment field. */
export const COMMENTS_FIELD_NAME = 'comments';

/** Where a field of a form stands for this visitor (see file comment). */
export function fieldVisibility(name: string, context: VisibilityContext): FieldVisibility {
  if (context.form === 'vevent' && (VEVENT_RESERVED_FIELDS as readonly string[]).includes(name)) {
    return 'removed';
  }
  switch (name) {
    case 'marketing_optin':
      return 'hidden';
    case 'marketing_sms':
    case 'solocal_services_optin':
      return context.hideMarketingSms || context.role === 'pro' ? 'hidden' : 'shown';
    case 'email':
      if (context.form !== 'fiche' || context.loginProfile !== 'Account') return 'shown';
      if (context.ficheSelected && context.role !== 'anonymous') return 'removed';
      // A customer's fiches carry their account's e-mail: nothing to ask.
      return context.role === 'user' ? 'hidden' : 'shown';
    case REFERENCE_FIELD_NAME:
      return context.antsMode ? 'shown' : 'removed';
    default:
      return 'shown';
  }
}

/** The fields of a form split by visibility, each list in definition order. */
export function splitByVisibility<F extends { name: string }>(
  fields: readonly F[],
  context: VisibilityContext,
): Record<FieldVisibility, F[]> {
  const split: Record<FieldVisibility, F[]> = { shown: [], hidden: [], removed: [] };
  for (const field of fields) split[fieldVisibility(field.name, context)].push(field);
  return split;
}

/** The fields to ask and validate. */
export function visibleFields<F extends { name: string }>(
  fields: readonly F[],
  context: VisibilityContext,
): F[] {
  return fields.filter((field) => fieldVisibility(field.name, context) === 'shown');
}

/** Rows of the comment box: optional, 2 to 4 rows (docs/requirements/accounts-and-appointments.md §5). */
export const COMMENT_ROWS = { min: 2, max: 4 } as const;

/**
 * The built-in comment field is shown only when the group allows comments, its vevent form has no
 * comments field of its own, and the visitor is not a professional (docs/requirements/accounts-and-appointments.md §5).
 */
export function showCommentField(context: {
  userAllowComment: boolean;
  veventFields: readonly { name: string }[];
  role: Role;
}): boolean {
  return (
    context.userAllowComment &&
    !context.veventFields.some((field) => field.name === COMMENTS_FIELD_NAME) &&
    context.role !== 'pro'
  );
}
