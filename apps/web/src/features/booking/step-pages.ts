/**
 * The pages under /{urlname}/book/{step}, one per step name (docs/requirements/booking-flow.md §2). Each page is its own
 * chunk, loaded when the step is shown (login and register with the customer area's texts of their
 * forms). To add a step page: create steps/<StepName>Page.tsx exporting <StepName>Page, add a line
 * here, and add its title under steps.<step_name>.title in every locale file.
 */
import type { ComponentType } from 'react';
import { withPart } from '../../i18n/i18n.ts';

type PageModule = () => Promise<ComponentType>;

export const STEP_PAGES = {
  interventionset_ids: () =>
    import('./steps/InterventionsetIdsPage.tsx').then((m) => m.InterventionsetIdsPage),
  intervention_ids: () => import('./steps/InterventionIdsPage.tsx').then((m) => m.InterventionIdsPage),
  calendarset_id: () => import('./steps/CalendarsetIdPage.tsx').then((m) => m.CalendarsetIdPage),
  calendar_id: () => import('./steps/CalendarIdPage.tsx').then((m) => m.CalendarIdPage),
  resource_id: () => import('./steps/ResourceIdPage.tsx').then((m) => m.ResourceIdPage),
  slots: () => import('./steps/SlotsPage.tsx').then((m) => m.SlotsPage),
  fiche_info: () => import('./steps/FicheInfoPage.tsx').then((m) => m.FicheInfoPage),
  confirm: () => import('./steps/ConfirmPage.tsx').then((m) => m.ConfirmPage),
  login: () => withPart('account', import('./steps/LoginPage.tsx')).then((m) => m.LoginPage),
  register: () => withPart('account', import('./steps/RegisterPage.tsx')).then((m) => m.RegisterPage),
  register_confirm: () => import('./steps/RegisterConfirmPage.tsx').then((m) => m.RegisterConfirmPage),
} satisfies Record<string, PageModule>;
