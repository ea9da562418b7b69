/** A small but complete group configuration for tests; each test changes what it needs. */
import type { GroupConfigInput } from '@creneau/core/group-config/group-config.schema';

const weekdays = {
  mon: [
    ['09:00', '12:00'],
    ['14:00', '18:00'],
  ],
  tue: [['09:00', '18:00']],
  wed: [['09:00', '18:00']],
  thu: [['09:00', '18:00']],
  fri: [['09:00', '18:00']],
} as const;

export function sampleGroup(overrides: Partial<GroupConfigInput> = {}): GroupConfigInput {
  return {
    urlname: 'test-salon',
    name: 'Salon Test',
    settings: {
      phone: '+33 1 23 45 67 89',
      locale: 'fr',
      enabled_locales: ['fr', 'en'],
      timezone: 'Europe/Paris',
      address: { address: '1 rue de la Paix', city: 'Paris', zipcode: '75002', country: 'FR' },
      lat: 48.8686,
      lng: 2.3314,
      user_sequence_config: [
        { name: 'intervention_ids', any: false, skip_uniq_choice: false, max_multirdvs: 3 },
        { name: 'calendar_id', any: true, skip_uniq_choice: false },
      ],
      rules: { min_notice_minutes: 60, blacklist: ['banned@example.com'] },
    },
    website: {
      title: 'Salon Test',
      quick_desc: 'Coiffure',
      domain: 'salon-test.example',
      listing: 'intervention',
      listing_ids: ['cut', 'color'],
      highlight_service: 'cut',
      openinghours: weekdays as never,
    },
    interventionsets: [
      {
        externid: 'hair',
        name: 'Coiffure',
        publicname: 'Coiffure',
        sort: 1,
        translations: { en: { publicname: 'Hair' } },
      },
      { externid: 'internal', name: 'Interne', publicname: '', sort: 2 },
    ],
    interventions: [
      {
        externid: 'cut',
        name: 'Coupe',
        publicname: 'Coupe femme',
        interventionset: 'hair',
        price: 4500,
        length: 45,
        sort: 2,
        translations: { en: { publicname: 'Women cut', description: 'Wash, cut and blow-dry' } },
      },
      {
        externid: 'color',
        name: 'Couleur',
        publicname: 'Couleur',
        interventionset: 'hair',
        price: 6000,
        length: 90,
        sort: 1,
      },
      {
        externid: 'phone-only',
        name: 'Rappel',
        publicname: '',
        interventionset: 'internal',
        price: 0,
        length: 15,
      },
      {
        externid: 'care',
        name: 'Soin',
        publicname: 'Soin',
        interventionset: 'hair',
        price: 2000,
        length: 30,
        need_resource: true,
      },
    ],
    packs: [
      {
        externid: 'pack-full',
        name: 'Forfait complet',
        publicname: 'Forfait complet',
        total_price: 9000,
        items: [{ intervention: 'color', break_time: 15 }, { intervention: 'cut' }],
      },
      {
        externid: 'pack-closed',
        name: 'Ancien forfait',
        publicname: 'Ancien',
        status: 'closed',
        price: 5000,
        items: [{ intervention: 'cut' }, { intervention: 'care' }],
      },
    ],
    calendarsets: [{ externid: 'site-a', name: 'Site A', publicname: 'Site A' }],
    calendars: [
      {
        externid: 'alice',
        name: 'Alice Martin',
        publicname: 'Alice',
        calendarset: 'site-a',
        weekly: weekdays as never,
        interventions: [
          { intervention: 'cut' },
          { intervention: 'color', duration: 75 },
          { intervention: 'care' },
        ],
      },
      {
        externid: 'bob',
        name: 'Bob Durand',
        publicname: 'Bob',
        calendarset: 'site-a',
        capacity: 2,
        weekly: weekdays as never,
        interventions: [{ intervention: 'cut' }, { intervention: 'phone-only' }],
        exceptions: [{ kind: 'closure', from: '2026-12-24T00:00', to: '2026-12-26T00:00', label: 'Noël' }],
      },
      {
        externid: 'room-1',
        name: 'Cabine 1',
        publicname: 'Cabine 1',
        resource: true,
        weekly: weekdays as never,
        interventions: [{ intervention: 'care' }],
      },
    ],
    promotions: [
      {
        externid: 'tuesday',
        label: 'Mardi -20%',
        percent: 20,
        interventions: ['cut'],
        weekdays: ['tue'],
        from_time: '09:00',
        to_time: '12:00',
      },
    ],
    forms: {
      fiche: [
        { name: 'firstname', type: 'text', label: 'Prénom', required: true },
        { name: 'lastname', type: 'text', label: 'Nom', required: true },
      ],
      vevent: [{ name: 'comments', type: 'text', label: 'Commentaire', rows: 3 }],
    },
    ...overrides,
  };
}
