import { describe, expect, it } from 'vitest';
import { isElsewhere, mapState, placeFromState, placeToGo, toMapPlace } from './map-place.ts';

const pasing = {
  address: 'Bäckerstraße 9',
  city: 'München',
  zipcode: '81241',
  country: 'DE',
  lat: 48.1486,
  lng: 11.4612,
};
const group = { address: { address: 'Leopoldstraße 54', city: 'München' } };

describe('placeToGo', () => {
  it('is the appointment’s address when it has coordinates', () => {
    expect(placeToGo({ address: pasing, videoconference: false, video_credentials: null })).toEqual(pasing);
  });

  it('is nothing for a video consultation', () => {
    expect(placeToGo({ address: pasing, videoconference: true })).toBeNull();
    expect(
      placeToGo({ address: pasing, video_credentials: { room: 'r', url: 'https://meet/r' } }),
    ).toBeNull();
  });

  it('is nothing without coordinates or without an address', () => {
    expect(placeToGo({ address: { ...pasing, lat: null } })).toBeNull();
    expect(placeToGo({ address: { ...pasing, lng: null } })).toBeNull();
    expect(placeToGo({ address: null })).toBeNull();
  });
});

describe('isElsewhere', () => {
  it('compares the street and the town, ignoring case and spaces', () => {
    expect(isElsewhere(pasing, group)).toBe(true);
    expect(isElsewhere({ address: ' leopoldstraße 54', city: 'MÜNCHEN' }, group)).toBe(false);
    expect(isElsewhere({ address: 'Leopoldstraße 54', city: 'Augsburg' }, group)).toBe(true);
    expect(isElsewhere(pasing, { address: null })).toBe(true);
  });
});

describe('navigation state', () => {
  it('round-trips a place', () => {
    expect(placeFromState(mapState(pasing))).toEqual(pasing);
  });

  it('means the group’s map when there is no place or an invalid one', () => {
    expect(placeFromState(null)).toBeNull();
    expect(placeFromState({ retake: {} })).toBeNull();
    expect(placeFromState({ place: { ...pasing, lat: 91 } })).toBeNull();
    expect(placeFromState({ place: { ...pasing, lng: -181 } })).toBeNull();
    expect(placeFromState({ place: { ...pasing, lat: '48.1' } })).toBeNull();
    expect(placeFromState({ place: { ...pasing, lat: Number.NaN } })).toBeNull();
    expect(placeFromState({ place: { ...pasing, address: 42 } })).toBeNull();
    expect(placeFromState({ place: { ...pasing, city: 'x'.repeat(256) } })).toBeNull();
  });

  it('accepts missing address lines as empty ones', () => {
    expect(toMapPlace({ lat: 0, lng: 0 })).toEqual({
      address: '',
      zipcode: '',
      city: '',
      country: '',
      lat: 0,
      lng: 0,
    });
  });
});
