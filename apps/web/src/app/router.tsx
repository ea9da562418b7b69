/**
 * Every route of the spec (docs/requirements/booking-flow.md §2, docs/requirements/accounts-and-appointments.md §2), declared with React Router's components. Pages are
 * separate chunks (React.lazy) loaded while the group layout already runs the start-up calls, each
 * with the part of the texts it shows beyond the core one; the booking step pages come from
 * features/booking/step-pages.ts.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { STEP_PAGES } from '../features/booking/step-pages.ts';
import { RootLookupPage } from '../features/status/RootLookupPage.tsx';
import { type LazyPart, withPart } from '../i18n/i18n.ts';
import { Route, Routes } from '../routing/routing.ts';
import { GroupEntry, HomeEntry, RedirectToGroupRoot } from './group/GroupEntry.tsx';
import { GroupLayout } from './group/GroupLayout.tsx';
import { StandaloneFrame } from './shell/StandaloneFrame.tsx';

type Page = LazyExoticComponent<ComponentType>;

/** A page component loaded on first render, with the part of the texts it shows (in parallel). */
const page = (load: () => Promise<ComponentType>, part?: LazyPart): Page =>
  lazy(() => (part ? withPart(part, load()) : load()).then((Component) => ({ default: Component })));

const NotFoundPage = page(() => import('../features/status/NotFoundPage.tsx').then((m) => m.NotFoundPage));
const InactivePage = page(() => import('../features/status/InactivePage.tsx').then((m) => m.InactivePage));
const DisconnectedPage = page(() =>
  import('../features/status/DisconnectedPage.tsx').then((m) => m.DisconnectedPage),
);
const ErrorPage = page(() => import('../features/status/ErrorPage.tsx').then((m) => m.ErrorPage));
const SetPasswordPage = page(
  () => import('../features/account/SetPasswordPage.tsx').then((m) => m.SetPasswordPage),
  'account',
);
// Creating a business (docs/back-office.md "Sign-up and platform"), outside any group.
const SignupPage = page(
  () => import('../features/signup/SignupPage.tsx').then((m) => m.SignupPage),
  'account',
);
// The platform administrators' page: its texts are the back office's (registered with it, as for
// the back office below), its login form's the account part's.
const PlatformPage = page(
  () =>
    Promise.all([
      import('../features/platform/PlatformPage.tsx'),
      import('../i18n/admin-texts.ts').then((texts) => texts.loadAdminTexts()),
    ]).then(([m]) => m.PlatformPage),
  'account',
);
const HomePage = page(() => import('../features/home/HomePage.tsx').then((m) => m.HomePage), 'home');
// The booking container comes with the first booking page (its code is shared with the steps).
const BookingLayout = page(() =>
  import('../features/booking/BookingLayout.tsx').then((m) => m.BookingLayout),
);
const MapPage = page(() => import('../features/map/MapPage.tsx').then((m) => m.MapPage), 'home');
// The back office (docs/back-office.md): its own chunk and texts, never loaded by a booking page.
const AdminPage = page(() =>
  Promise.all([
    import('../features/admin/AdminPage.tsx'),
    import('../i18n/admin-texts.ts').then((texts) => texts.loadAdminTexts()),
  ]).then(([m]) => m.AdminPage),
);

// The waiting list's pages, opened from its mails (docs/waitlist.md).
const OfferPage = page(() => import('../features/waitlist/OfferPage.tsx').then((m) => m.OfferPage));
const LeavePage = page(() => import('../features/waitlist/LeavePage.tsx').then((m) => m.LeavePage));

const ACCOUNT_PAGES: Record<string, Page> = {
  login: page(() => import('../features/account/LoginPage.tsx').then((m) => m.LoginPage), 'account'),
  register: page(() => import('../features/account/RegisterPage.tsx').then((m) => m.RegisterPage), 'account'),
  register_confirm: page(
    () => import('../features/account/RegisterConfirmPage.tsx').then((m) => m.RegisterConfirmPage),
    'account',
  ),
  reset_password: page(
    () => import('../features/account/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
    'account',
  ),
  reset_password_confirm: page(
    () => import('../features/account/ResetPasswordConfirmPage.tsx').then((m) => m.ResetPasswordConfirmPage),
    'account',
  ),
  fiches: page(() => import('../features/account/FichesPage.tsx').then((m) => m.FichesPage), 'account'),
  appointments: page(
    () => import('../features/account/AppointmentsPage.tsx').then((m) => m.AppointmentsPage),
    'account',
  ),
  invitation: page(
    () => import('../features/account/InvitationPage.tsx').then((m) => m.InvitationPage),
    'account',
  ),
  // The link in every reminder (docs/reminders.md "Stopping them").
  reminders: page(
    () => import('../features/account/RemindersPage.tsx').then((m) => m.RemindersPage),
    'account',
  ),
  personal_data: page(() =>
    import('../features/account/PersonalDataPage.tsx').then((m) => m.PersonalDataPage),
  ),
};

const STEP_COMPONENTS: [string, Page][] = Object.entries(STEP_PAGES).map(([name, load]) => [
  name,
  page(load),
]);

/** A page outside any group, in the standalone frame. */
const standalone = (titleKey: string, Page: Page) => (
  <StandaloneFrame titleKey={titleKey}>
    <Page />
  </StandaloneFrame>
);

/** The route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootLookupPage />} />
      <Route path="/not_found" element={standalone('pages.notFound.title', NotFoundPage)} />
      <Route path="/inactive" element={standalone('pages.inactive.default.title', InactivePage)} />
      <Route path="/disconnected" element={standalone('pages.disconnected.title', DisconnectedPage)} />
      <Route path="/error" element={standalone('pages.error.title', ErrorPage)} />
      <Route path="/set_password" element={standalone('pages.setPassword.title', SetPasswordPage)} />
      <Route path="/signup" element={standalone('pages.signup.title', SignupPage)} />
      <Route path="/platform" element={standalone('pages.platform.title', PlatformPage)} />
      <Route path="/:urlname" element={<GroupLayout />}>
        <Route index element={<GroupEntry />} />
        <Route
          path="home"
          element={
            <HomeEntry>
              <HomePage />
            </HomeEntry>
          }
        />
        <Route path="map" element={<MapPage />} />
        <Route path="admin/*" element={<AdminPage />} />
        <Route path="book" element={<BookingLayout />}>
          <Route index element={<RedirectToGroupRoot />} />
          {STEP_COMPONENTS.map(([name, Step]) => (
            <Route key={name} path={name} element={<Step />} />
          ))}
          <Route path="*" element={<RedirectToGroupRoot />} />
        </Route>
        {Object.entries(ACCOUNT_PAGES).map(([name, Account]) => (
          <Route key={name} path={name} element={<Account />} />
        ))}
        <Route path="waitlist/offer" element={<OfferPage />} />
        <Route path="waitlist/leave" element={<LeavePage />} />
        <Route path="error" element={<ErrorPage />} />
        <Route path="*" element={<RedirectToGroupRoot />} />
      </Route>
    </Routes>
  );
}
