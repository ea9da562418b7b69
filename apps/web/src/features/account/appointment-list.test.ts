import { describe, expect, it } from 'vitest';
import { actionsFor, cardsOf, personTabs, splitByTime } from './appointment-list.ts';

const now = new Date('2026-05-01T10:00:00Z');
const address = { address: '1 rue', city: 'Lyon', zipcode: '69001', country: 'FR', lat: 45.7, lng: 4.8 };

describe('personTabs', () => {
  it('keeps the records in order and adds people known only from their appointments', () => {
    const fiches = [
      { id: 1, firstname: 'Camille', lastname: 'Durand' },
      { id: 2, firstname: 'Léo', lastname: 'Durand' },
    ];
    const appointments = [
      { fiche: { id: 2, firstname: 'Léo', lastname: 'Durand' } },
      { fiche: { id: 5, firstname: 'Old', lastname: '$hidden' } },
      { fiche: { id: 5, firstname: 'Old', lastname: '$hidden' } },
    ];
    expect(personTabs(fiches, appointments).map((t) => t.id)).toEqual([1, 2, 5]);
  });
});

describe('cardsOf', () => {
  it('folds included pack items into their first appointment', () => {
    const list = [
      { id: 1, type: 'first' as const, parent_id: null },
      { id: 2, type: 'included' as const, parent_id: 1 },
      { id: 3, type: 'free' as const, parent_id: null },
      { id: 4, type: 'included' as const, parent_id: 99 },
    ];
    expect(cardsOf(list).map((a) => a.id)).toEqual([1, 3, 4]);
  });
});

describe('splitByTime', () => {
  it('keeps running appointments with the future ones', () => {
    const list = [
      { id: 1, end: '2026-05-01T10:30:00Z' },
      { id: 2, end: '2026-05-02T10:00:00Z' },
      { id: 3, end: '2026-04-30T10:00:00Z' },
    ];
    const { future, past } = splitByTime(list, now);
    expect(future.map((a) => a.id)).toEqual([1, 2]);
    expect(past.map((a) => a.id)).toEqual([3]);
  });
});

describe('actionsFor', () => {
  const upcoming = { start: '2026-05-03T09:00:00Z', video_credentials: null, address };
  const context = { now, canEdit: true, linkAction: null };

  it('offers cancel and edit only before the start, edit only when allowed', () => {
    expect(actionsFor(upcoming, context)).toEqual(['cancel', 'edit', 'retake', 'addToCalendar', 'goThere']);
    expect(actionsFor(upcoming, { ...context, canEdit: false })).toEqual([
      'cancel',
      'retake',
      'addToCalendar',
      'goThere',
    ]);
    expect(actionsFor({ ...upcoming, start: '2026-04-01T09:00:00Z' }, context)).toEqual([
      'retake',
      'addToCalendar',
      'goThere',
    ]);
  });

  it('hides "go there" for video consultations and places without an address', () => {
    const video = { ...upcoming, video_credentials: { room: 'r', url: 'https://meet/r' } };
    expect(actionsFor(video, context)).not.toContain('goThere');
    expect(actionsFor({ ...upcoming, videoconference: true }, context)).not.toContain('goThere');
    expect(actionsFor({ ...upcoming, address: null }, context)).not.toContain('goThere');
  });

  it('hides "go there" when the place has no coordinates (no map of it to show)', () => {
    const noCoordinates = { ...upcoming, address: { ...address, lat: null, lng: null } };
    expect(actionsFor(noCoordinates, context)).not.toContain('goThere');
  });

  it('limits a link session to its action', () => {
    expect(actionsFor(upcoming, { ...context, linkAction: 'cancel' })).toEqual(['cancel']);
    expect(actionsFor(upcoming, { ...context, linkAction: 'export' })).toEqual(['addToCalendar']);
  });
});
