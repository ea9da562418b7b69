// @vitest-environment jsdom
/**
 * The start-up sequence end to end in the DOM (docs/requirements/booking-flow.md §4): group, session, step list, then the
 * first page — with the API answered by a fake fetch.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n.ts';
import { QueryClient, QueryClientProvider } from '../../query/query.ts';
import { MemoryRouter, useLocation } from '../../routing/routing.ts';
import { usePopupStore } from '../../ui/popup-store.ts';
import { AppRoutes } from '../router.tsx';

/** How many times the home page's module was loaded (HomeEntry spares it where there is no mini-site). */
const loaded = vi.hoisted(() => ({ home: 0 }));
vi.mock('../../features/home/HomePage.tsx', async (importOriginal) => {
  loaded.home += 1;
  return importOriginal();
});

const baseGroup = {
  id: 5,
  urlname: 'acme',
  name: 'Acme Clinic',
  phone: '+33 1 23 45 67 89',
  locale: 'en',
  enabled_locales: 'en,fr',
  timezone: 'Europe/Paris',
  currency: 'EUR',
  country: 'FR',
  openData: true,
  sso_login_only: false,
  has_minisite: false,
  loginProfile: 'Account',
  user_sequence_config: [{ name: 'intervention_ids', skip_uniq_choice: false, any: false }],
  steps_init: null,
  public_interventionsets: 0,
  public_calendarsets: 0,
  resource_count: 0,
  usercolors: {},
  tracking_tags: [],
  tracking_type: 'none',
  address: { address: '1 rue de la Paix', city: 'Paris', zipcode: '75002', country: 'FR' },
  lat: 48.86,
  lng: 2.33,
};

type Answer = { status: number; body: unknown };

function serve(routes: Record<string, Answer>) {
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://test').pathname;
    const answer = routes[path] ?? { status: 404, body: { message: 'notFound' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function start(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeAll(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  usePopupStore.setState({ popup: null });
  sessionStorage.clear();
});

describe('start-up', () => {
  it('goes to the first booking step, keeping the query string', async () => {
    serve({ '/api/v3/services/groups/acme.json': { status: 200, body: baseGroup } });
    start('/acme?locale=en&noheader=1');
    await waitFor(() => expect(where()).toBe('/acme/book/intervention_ids?locale=en&noheader=1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a service' })).toBeTruthy();
    expect(screen.queryByTestId('header')).toBeNull();
  });

  it('sends an unknown group to /not_found with the unknown-group text', async () => {
    serve({
      '/api/v3/services/groups/nope.json': {
        status: 404,
        body: { message: 'groupDoesNotExist', messages: { errors: ['groupDoesNotExist'] } },
      },
    });
    start('/nope?locale=en');
    await waitFor(() => expect(where()).toBe('/not_found?locale=en'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByTestId('not-found-countdown')).toBeNull();
  });

  it('sends an inactive group to /inactive with its name and phone', async () => {
    serve({
      '/api/v3/services/groups/acme.json': {
        status: 404,
        body: {
          message: 'groupDoesNotExist',
          messages: { errors: ['groupDoesNotExist'] },
          group: { urlname: 'acme', name: 'Acme Clinic', phone: '+33 1 23 45 67 89', inactive: true },
        },
      },
    });
    start('/acme');
    await waitFor(() => expect(where()).toBe('/inactive'));
    expect(await screen.findByRole('heading', { name: 'Acme Clinic' })).toBeTruthy();
    expect(screen.getByTestId('inactive-message').textContent).toBe(
      'Online booking is not available for this business at the moment.',
    );
    expect(screen.getByRole('link', { name: /Call \+33 1 23 45 67 89/ }).getAttribute('href')).toBe(
      'tel:+33123456789',
    );
  });

  it('sends anonymous visitors of a closed group to the login step', async () => {
    serve({ '/api/v3/services/groups/acme.json': { status: 200, body: { ...baseGroup, openData: false } } });
    start('/acme/book/intervention_ids');
    await waitFor(() => expect(where()).toBe('/acme/book/login'));
  });

  it('sends them to the unauthorized page when only single sign-on is allowed', async () => {
    serve({
      '/api/v3/services/groups/acme.json': {
        status: 200,
        body: { ...baseGroup, openData: false, sso_login_only: true },
      },
    });
    start('/acme');
    await waitFor(() => expect(where()).toBe('/inactive'));
    expect((await screen.findByTestId('inactive-message')).textContent).toContain('reserved for its members');
  });

  it('asks a professional of other groups to log out', async () => {
    serve({
      '/api/v3/services/groups/acme.json': { status: 200, body: baseGroup },
      '/api/v3/sessions/current.json': {
        status: 200,
        body: {
          logged: true,
          type: 'pro',
          pro: { id: 1, email: 'p@x.y', name: 'Dr P' },
          groups: [{ id: 9, name: 'Other', urlname: 'other' }],
        },
      },
    });
    start('/acme');
    await waitFor(() => expect(usePopupStore.getState().popup).toEqual({ kind: 'proLogout' }));
  });

  it('redirects an invalid path to the group root, keeping the query, then to the first step', async () => {
    serve({ '/api/v3/services/groups/acme.json': { status: 200, body: baseGroup } });
    start('/acme/nowhere/at/all?locale=en');
    await waitFor(() => expect(where()).toBe('/acme/book/intervention_ids?locale=en'));
  });

  it('redirects an unknown step the same way', async () => {
    serve({ '/api/v3/services/groups/acme.json': { status: 200, body: baseGroup } });
    start('/acme/book/teleport?x=1');
    await waitFor(() => expect(where()).toBe('/acme/book/intervention_ids?x=1'));
  });

  it('drops the step a verified preselection fixes', async () => {
    serve({
      '/api/v3/services/groups/acme.json': {
        status: 200,
        body: {
          ...baseGroup,
          user_sequence_config: [
            { name: 'intervention_ids', skip_uniq_choice: false, any: false },
            { name: 'calendar_id', skip_uniq_choice: false, any: false },
          ],
        },
      },
      '/api/v3/groups/5/interventions': { status: 200, body: { records: [{ id: 12, externid: 'cut' }] } },
    });
    start('/acme?intervention_extern_ids=cut');
    await waitFor(() => expect(where()).toBe('/acme/book/calendar_id?intervention_extern_ids=cut'));
  });

  // Before the mini-site test below, which loads the home page's module for good.
  it('sends /home of a group without a mini-site to the first step, without the home page', async () => {
    serve({ '/api/v3/services/groups/acme.json': { status: 200, body: baseGroup } });
    start('/acme/home?locale=en');
    // The step's code loads first: a slow machine may take more than the default second.
    await waitFor(() => expect(where()).toBe('/acme/book/intervention_ids?locale=en'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a service' })).toBeTruthy();
    expect(loaded.home).toBe(0);
  });

  it('goes to the home page of a group with a mini-site', async () => {
    serve({
      '/api/v3/services/groups/acme.json': { status: 200, body: { ...baseGroup, has_minisite: true } },
      '/api/v3/websites': {
        status: 200,
        body: {
          group_id: 5,
          title: 'Welcome to Acme',
          quick_desc: '<p>Care <script>alert(1)</script>for you</p>',
          map: false,
          listing: null,
          listing_ids: [],
          listset_ids: [],
          package_ids: [],
          highlight: false,
          openinghours: { mon: [['09:00', '12:00']] },
          contact_info: true,
          social_link: false,
          file_upload: [],
        },
      },
    });
    start('/acme');
    await waitFor(() => expect(where()).toBe('/acme/home'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Acme' })).toBeTruthy();
    expect(loaded.home).toBe(1);
    expect(document.querySelector('main script')).toBeNull();
    expect(screen.getByTestId('opening-hours').querySelectorAll('tr')).toHaveLength(7);
  });

  it('lets /set_password through only after a password-change notification', async () => {
    serve({});
    start('/set_password?account_id=3');
    await waitFor(() => expect(where()).toBe('/not_found?account_id=3'));
  });
});
