/** The answer of sessions/current.json (docs/requirements/accounts-and-appointments.md §7): who is logged in, as the front end needs it. */
import type { ViewerScope } from '../../app-context.ts';
import { findAccountById } from '../accounts/accounts.repository.ts';
import { listActiveGroups } from '../pros/pros.repository.ts';
import { SESSION_LIFETIME_MS } from '../sessions/sessions.service.ts';

export async function describeSession({ ctx, viewer }: ViewerScope, token: string | null) {
  const base = {
    logged: false,
    type: null as 'user' | 'pro' | null,
    lastSignedAt: null as string | null,
    expiresAt: null as string | null,
    account: null as Record<string, unknown> | null,
    pro: null as Record<string, unknown> | null,
    groups: [] as { id: number; name: string; urlname: string }[],
    fiche_token: null as string | null,
    pro_token: null as string | null,
    sso_logged: false,
    needPasswordChange: false,
    pendingRdv: null as unknown,
  };
  if (viewer.type === 'anonymous') return base;
  const signed = viewer.lastSignedAt!;
  const session = {
    ...base,
    logged: true,
    lastSignedAt: signed.toISOString(),
    expiresAt: new Date(signed.getTime() + SESSION_LIFETIME_MS).toISOString(),
    sso_logged: viewer.ssoLogged,
    needPasswordChange: viewer.needPasswordChange,
  };
  if (viewer.type === 'fiche' || viewer.type === 'guest') {
    // Fiche-profile visitors and guests are "account id 0" (docs/requirements/accounts-and-appointments.md §3 Session).
    return {
      ...session,
      type: 'user' as const,
      account: {
        id: 0,
        email: viewer.email,
        cancel_apt: viewer.scope?.action === 'cancel_apt' ? viewer.scope.appointmentId : 0,
        export_apt: viewer.scope?.action === 'export_apt' ? viewer.scope.appointmentId : 0,
        fiche_id: viewer.ficheId,
        group_id: viewer.groupId,
      },
      fiche_token: token,
    };
  }
  const account = await findAccountById(ctx.db, viewer.accountId!);
  const accountView = {
    id: account!.id,
    email: account!.email,
    temp_email: account!.temp_email,
    cancel_apt: 0,
    export_apt: 0,
    needPasswordChange: viewer.needPasswordChange,
    marketing_optin: account!.marketing_optin,
    marketing_sms: account!.marketing_sms,
    solocal_services_optin: account!.solocal_services_optin,
    sso: Boolean(account!.sso_subject),
  };
  if (viewer.type === 'pro') {
    const groups = await listActiveGroups(ctx.db, viewer.proGroupIds);
    return {
      ...session,
      type: 'pro' as const,
      pro: { id: account!.id, email: account!.email, name: account!.name },
      account: accountView,
      groups,
      pro_token: token,
    };
  }
  return {
    ...session,
    type: 'user' as const,
    account: accountView,
    pendingRdv: account!.pending_rdv ?? null,
  };
}
