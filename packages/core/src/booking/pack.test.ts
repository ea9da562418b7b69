import { describe, expect, it } from 'vitest';
import { bookPack, isBookablePack } from './pack.ts';

const pack = {
  id: 50,
  type: 'free',
  name: 'Forfait mariée',
  status: 'opened' as const,
  interventionset_id: 10,
  price: null,
  total_price: 12_000,
  config: [
    { intervention_id: 1, publicname: 'Coupe', break_time: 15, selectedCalendar: null },
    { intervention_id: null, break_time: 30, selectedCalendar: null },
    { intervention_id: 2, publicname: 'Coiffure', break_time: 0, selectedCalendar: 7 },
  ],
};

describe('bookPack', () => {
  it('rule: its type becomes pack and its interventionset id 0', () => {
    const booked = bookPack(pack);
    expect(booked.type).toBe('pack');
    expect(booked.interventionset_id).toBe(0);
    expect(booked.name).toBe('Forfait mariée');
    expect(booked.id).toBe(50);
  });

  it('rule: break-time entries are dropped; pauses after real items stay', () => {
    expect(bookPack(pack).config.map((item) => item.intervention_id)).toEqual([1, 2]);
    expect(bookPack(pack).config[0]!.break_time).toBe(15);
    expect(
      bookPack({ ...pack, config: [{ intervention_id: 0, break_time: 10, selectedCalendar: null }] }).config,
    ).toEqual([]);
  });

  it('rule: the price is taken from total_price when price is null', () => {
    expect(bookPack(pack).price).toBe(12_000);
    expect(bookPack({ ...pack, price: 9_900 }).price).toBe(9_900);
    expect(bookPack({ ...pack, price: 0 }).price).toBe(0);
    expect(bookPack({ ...pack, total_price: null }).price).toBeNull();
  });

  it('rule: calendars are preselected from a retaken appointment, item by item', () => {
    const booked = bookPack(pack, { interventions: [{ calendar_id: 3 }, { calendar_id: null }] });
    expect(booked.config.map((item) => item.selectedCalendar)).toEqual([3, 7]);
  });

  it('without a retaken appointment the configured calendars stay', () => {
    expect(bookPack(pack).config.map((item) => item.selectedCalendar)).toEqual([null, 7]);
  });

  it('does not change the pack it was given', () => {
    const copy = structuredClone(pack);
    bookPack(pack, { interventions: [{ calendar_id: 3 }] });
    expect(pack).toEqual(copy);
  });

  it('a pack without config books no item', () => {
    expect(bookPack({ ...pack, config: null }).config).toEqual([]);
  });
});

describe('isBookablePack', () => {
  it('rule: only packs with status opened are used', () => {
    expect(isBookablePack({ status: 'opened' })).toBe(true);
    expect(isBookablePack({ status: 'closed' })).toBe(false);
    expect(isBookablePack({})).toBe(false);
  });
});
