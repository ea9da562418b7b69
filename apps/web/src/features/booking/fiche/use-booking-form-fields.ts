/**
 * The fields the contact-details step shows, from the group's forms and who is booking
 * (docs/requirements/accounts-and-appointments.md §5 "Hidden fields", "Comment"): a new record's,
 * a saved record's, the appointment form's, and whether the free comment field is offered.
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { type Role, showCommentField, visibleFields } from '@creneau/core/validation/hidden-fields';
import { useCallback, useMemo } from 'react';
import type { Group } from '../../../api/group.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { ficheFormFields } from './fiche-rules.ts';

/** The record's own columns: labelled by the app's translations when the group left the name. */
const BASE_NAMES = ['firstname', 'lastname', 'email', 'firstphone'];

export function useBookingFormFields(group: Group, role: Role) {
  const { t } = useTranslation();
  const definedFiche = group.forms?.fiche;
  const definedVevent = group.forms?.vevent;
  const antsMode = group.profile?.ants_group;
  const hideMarketingSms = group.hide_marketing_sms || group.profile?.hide_marketing_sms;
  const label = useCallback(
    (fields: FormField[]) =>
      fields.map((f) =>
        BASE_NAMES.includes(f.name) && f.label === f.name
          ? { ...f, label: t(`booking.fiche.fields.${f.name}`) }
          : f,
      ),
    [t],
  );
  const allFicheFields = useMemo(() => label(ficheFormFields(definedFiche ?? [])), [definedFiche, label]);
  const visibility = useMemo(
    () => ({ form: 'fiche' as const, role, loginProfile: group.loginProfile, hideMarketingSms, antsMode }),
    [role, group.loginProfile, hideMarketingSms, antsMode],
  );
  const newFields = useMemo(
    () => visibleFields(allFicheFields, { ...visibility, ficheSelected: false }),
    [allFicheFields, visibility],
  );
  const savedFields = useMemo(
    () => visibleFields(allFicheFields, { ...visibility, ficheSelected: true }),
    [allFicheFields, visibility],
  );
  const veventFields = useMemo(
    () => visibleFields(definedVevent ?? [], { ...visibility, form: 'vevent', ficheSelected: false }),
    [definedVevent, visibility],
  );
  const withComment = showCommentField({
    userAllowComment: group.user_allow_comment,
    veventFields: definedVevent ?? [],
    role,
  });
  return { newFields, savedFields, veventFields, withComment };
}
