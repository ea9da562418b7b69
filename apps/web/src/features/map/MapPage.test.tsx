// @vitest-environment jsdom
/** The map page on the group's address, or on an appointment's own place ("go there", docs/requirements/accounts-and-appointments.md §2). */
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Group } from '../../api/group.ts';
import { ANONYMOUS_SESSION } from '../../api/session-current.ts';
import { mapState } from '../../app/map-place.ts';
import { changeLanguage, loadPart } from '../../i18n/i18n.ts';
import { GroupContext } from '../../lib/group-context.ts';
import { MemoryRouter, Route, Routes } from '../../routing/routing.ts';
import type { LeafletMapProps } from '../../ui/LeafletMap.tsx';
import { MapPage } from './MapPage.tsx';

// Leaflet needs a real layout; the page's choice of point is what matters here.
vi.mock('../../ui/LeafletMap.tsx', () => ({
  LeafletMap: ({ lat, lng, markerTitle }: LeafletMapProps) => (
    <div data-testid="leaflet-map" data-lat={lat} data-lng={lng} title={markerTitle} />
  ),
}));

const clinic = {
  id: 2,
  urlname: 'demo-clinic',
  name: 'Praxis am Englischen Garten',
  country: 'DE',
  lat: 48.1612,
  lng: 11.5861,
  address: { address: 'Leopoldstraße 54', city: 'München', zipcode: '80802', country: 'DE' },
  map_tile_url: null,
} as unknown as Group;

const pasing = {
  address: 'Bäckerstraße 9',
  city: 'München',
  zipcode: '81241',
  country: 'DE',
  lat: 48.1486,
  lng: 11.4612,
};

function show(state: unknown, group: Group = clinic) {
  render(
    <GroupContext.Provider
      value={{ group, session: ANONYMOUS_SESSION, steps: [], preselection: {} as never, locale: 'en' }}
    >
      <MemoryRouter initialEntries={[{ pathname: '/demo-clinic/map', search: '?locale=en', state }]}>
        <Routes>
          <Route path="/:urlname/map" element={<MapPage />} />
          <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </GroupContext.Provider>,
  );
}

beforeAll(async () => {
  await changeLanguage('en');
  await loadPart('home');
});

describe('map page', () => {
  it('shows the group’s address and coordinates by default', async () => {
    show(null);
    const map = await screen.findByTestId('leaflet-map');
    expect(map.dataset.lat).toBe('48.1612');
    expect(screen.getByTestId('map-address').textContent).toContain('Leopoldstraße 54');
    expect(screen.queryByText('Where your appointment takes place')).toBeNull();
  });

  it('shows an appointment’s place: its address lines, its marker, directions to it', async () => {
    show(mapState(pasing));
    const map = await screen.findByTestId('leaflet-map');
    expect([map.dataset.lat, map.dataset.lng]).toEqual(['48.1486', '11.4612']);
    const address = screen.getByTestId('map-address').textContent;
    expect(address).toContain('Bäckerstraße 9');
    expect(address).toContain('81241 München');
    expect(address).not.toContain('Leopoldstraße');
    expect(screen.getByText('Where your appointment takes place')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Get directions/ }).getAttribute('href')).toContain(
      'to=48.1486%2C11.4612',
    );
  });

  it('ignores a state that is not a valid place', async () => {
    show({ place: { ...pasing, lat: 200 } });
    expect((await screen.findByTestId('leaflet-map')).dataset.lat).toBe('48.1612');
  });

  it('shows a place even when the group has no address of its own', async () => {
    show(mapState(pasing), { ...clinic, lat: null, lng: null, address: null } as unknown as Group);
    expect((await screen.findByTestId('leaflet-map')).dataset.lat).toBe('48.1486');
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });
});
