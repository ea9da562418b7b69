/** A small salon catalogue for the booking tests (ids as in demo-salon). */
import type { Calendar } from '../../../api/calendars.ts';
import type { Calendarset } from '../../../api/calendarsets.ts';
import type { Intervention } from '../../../api/interventions.ts';
import type { Interventionset } from '../../../api/interventionsets.ts';

export function service(id: number, extra: Partial<Intervention> = {}): Intervention {
  return {
    id,
    type: 'free',
    externid: `s${id}`,
    name: `Service ${id}`,
    publicname: `Service ${id}`,
    description: null,
    thumbnail: null,
    sort: id,
    deleted: false,
    interventionset_id: 12,
    price: 1000 * id,
    length: 30,
    promotions: [],
    videoconference: false,
    skippable_agenda: false,
    need_resource: false,
    only_package: false,
    merged: false,
    abbr: null,
    config: null,
    ...extra,
  };
}

export function calendar(id: number, extra: Partial<Calendar> = {}): Calendar {
  return {
    id,
    externid: `c${id}`,
    name: `Calendar ${id}`,
    publicname: '',
    description: null,
    thumbnail: null,
    sort: id,
    deleted: false,
    resource: false,
    calendarset_id: null,
    capacity: 1,
    slot_step: 15,
    maxrdv_period: null,
    interventions: [],
    intervention_ids: [],
    ...extra,
  };
}

export const SERVICES: Intervention[] = [
  service(35, { name: 'Coupe femme', publicname: 'Women’s cut' }),
  service(36, { name: 'Coupe homme', publicname: '' }),
  service(38, { interventionset_id: 13 }),
  service(41, { interventionset_id: 14, need_resource: true }),
  service(43, { interventionset_id: 15 }),
  service(50, { interventionset_id: 15, only_package: true }),
  service(47, {
    type: 'pack',
    interventionset_id: 13,
    status: 'opened',
    price: null,
    total_price: 12_500,
    config: [
      { intervention_id: 38, break_time: 10, selectedCalendar: null },
      { intervention_id: 0, break_time: 15, selectedCalendar: null },
      { intervention_id: 41, break_time: 0, selectedCalendar: 25 },
      { intervention_id: 35, break_time: 0, selectedCalendar: null },
    ],
  }),
];

export const SETS: Interventionset[] = [
  {
    id: 12,
    externid: 'coupes',
    name: 'Coupes',
    publicname: 'Haircuts',
    description: null,
    thumbnail: null,
    sort: 1,
    interventions: [35, 36],
  },
  {
    id: 13,
    externid: 'couleur',
    name: 'Couleur',
    publicname: 'Colour',
    description: null,
    thumbnail: null,
    sort: 2,
    interventions: [38, 47],
  },
  {
    id: 14,
    externid: 'soins',
    name: 'Soins',
    publicname: 'Care',
    description: null,
    thumbnail: null,
    sort: 3,
    interventions: [41],
  },
  {
    id: 15,
    externid: 'coiffage',
    name: 'Coiffage',
    publicname: 'Styling',
    description: null,
    thumbnail: null,
    sort: 4,
    interventions: [43, 50],
  },
];

/** calendar id → service ids (23–25 stylists, 30–31 rooms). */
export const LINKS: Record<string, number[]> = {
  23: [35, 36, 41, 43],
  24: [35, 36, 43],
  25: [38, 41],
  30: [41],
  31: [41],
};

export const CALENDARS: Calendar[] = [
  calendar(23, { publicname: 'Léonie', maxrdv_period: 1000 }),
  calendar(24, { name: 'Hugo Perrin' }),
  calendar(25, { publicname: 'Inès', calendarset_id: 2 }),
  calendar(26, { deleted: true }),
  calendar(30, { resource: true, publicname: 'Room 1' }),
  calendar(31, { resource: true, publicname: 'Room 2', calendarset_id: 2 }),
];

export const CALENDARSETS: Calendarset[] = [
  {
    id: 1,
    externid: 'north',
    name: 'North',
    publicname: 'North',
    description: null,
    thumbnail: null,
    sort: 1,
    calendars: [23, 24, 30],
  },
  {
    id: 2,
    externid: 'south',
    name: 'South',
    publicname: '',
    description: null,
    thumbnail: null,
    sort: 2,
    calendars: [25, 31],
  },
];
