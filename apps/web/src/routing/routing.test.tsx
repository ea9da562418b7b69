// @vitest-environment jsdom
/** The router's components and hooks in the DOM (docs/decisions/018-own-router.md). */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from './routing.ts';

function Where() {
  const { pathname, search, state } = useLocation();
  const type = useNavigationType();
  return (
    <output data-testid="where">
      {`${type} ${pathname}${search}${state ? ` ${JSON.stringify(state)}` : ''}`}
    </output>
  );
}
const where = () => screen.getByTestId('where').textContent;

function Layout() {
  const { urlname } = useParams();
  return (
    <section data-testid="layout">
      {urlname}
      <Outlet />
    </section>
  );
}

/** A back-office-like section: its own table below `admin/*`, with relative links. */
function Customers() {
  return (
    <Routes>
      <Route index element={<Link to={{ pathname: '12', search: '?q=ann' }}>customer 12</Link>} />
      <Route path=":ficheId" element={<Customer />} />
    </Routes>
  );
}
function Customer() {
  const { ficheId, urlname } = useParams();
  const { search } = useLocation();
  return (
    <Link to={{ pathname: '..', search }} relative="path">
      {`back from ${urlname} ${ficheId}`}
    </Link>
  );
}

function Table() {
  return (
    <Routes>
      <Route path="/:urlname" element={<Layout />}>
        <Route index element={<Navigate replace to="home?from=entry" state={{ reason: 'entry' }} />} />
        <Route path="home" element={<Link to="/acme/map">to map</Link>} />
        <Route path="map" element={<Link to="/acme/map">map again</Link>} />
        <Route path="admin/customers/*" element={<Customers />} />
      </Route>
    </Routes>
  );
}

function Locale() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ locale: 'fr', q: params.get('q') ?? '' })}>
      french
    </button>
  );
}

function Go() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/acme/map', { state: { place: 'Lyon' } })}>
      go
    </button>
  );
}

const click = (name: string) => act(() => void fireEvent.click(screen.getByText(name)));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('routing', () => {
  it('redirects with a replace and a state, then follows links with pushes', async () => {
    render(
      <MemoryRouter initialEntries={['/acme']}>
        <Table />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByText('to map')).toBeTruthy();
    expect(where()).toBe('REPLACE /acme/home?from=entry {"reason":"entry"}');
    expect(screen.getByTestId('layout').textContent).toContain('acme');
    await click('to map');
    expect(where()).toBe('PUSH /acme/map');
    // A link to the place the visitor is at replaces the entry.
    await click('map again');
    expect(where()).toBe('REPLACE /acme/map');
  });

  it('leaves a modified click to the browser', async () => {
    render(
      <MemoryRouter initialEntries={['/acme/home']}>
        <Table />
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByText('to map');
    expect(link.getAttribute('href')).toBe('/acme/map');
    // jsdom cannot open a tab: the page stops the default once the app has had its turn.
    const keepPage = (event: Event) => event.preventDefault();
    document.addEventListener('click', keepPage);
    await act(() => void fireEvent.click(link, { ctrlKey: true }));
    document.removeEventListener('click', keepPage);
    expect(where()).toBe('POP /acme/home');
  });

  it('resolves links of a nested table against their route, and `..` by path', async () => {
    render(
      <MemoryRouter initialEntries={['/acme/admin/customers']}>
        <Table />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('customer 12').getAttribute('href')).toBe('/acme/admin/customers/12?q=ann');
    await click('customer 12');
    expect(where()).toBe('PUSH /acme/admin/customers/12?q=ann');
    await click('back from acme 12');
    expect(where()).toBe('PUSH /acme/admin/customers?q=ann');
  });

  it('marks the link of the current page', () => {
    render(
      <MemoryRouter initialEntries={['/acme/admin/settings']}>
        <NavLink to="/acme/admin" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          agenda
        </NavLink>
        <NavLink to="/acme/admin" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          section
        </NavLink>
        <NavLink to="/acme/admin/set">prefix</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByText('agenda').className).toBe('off');
    expect(screen.getByText('section').className).toBe('on');
    expect(screen.getByText('section').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('prefix').getAttribute('aria-current')).toBeNull();
  });

  it('changes the query string on the same path', async () => {
    render(
      <MemoryRouter initialEntries={['/acme/map?q=x']}>
        <Locale />
        <Where />
      </MemoryRouter>,
    );
    await click('french');
    expect(where()).toBe('PUSH /acme/map?locale=fr&q=x');
  });

  it('keeps the browser history: state in history.state, the back button a POP', async () => {
    window.history.replaceState(null, '', '/acme/home');
    render(
      <BrowserRouter>
        <Go />
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('POP /acme/home');
    await click('go');
    expect(where()).toBe('PUSH /acme/map {"place":"Lyon"}');
    expect(window.location.pathname).toBe('/acme/map');
    expect((window.history.state as { usr: unknown }).usr).toEqual({ place: 'Lyon' });
    await act(async () => {
      window.history.replaceState(null, '', '/acme/home');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('POP /acme/home');
  });
});
