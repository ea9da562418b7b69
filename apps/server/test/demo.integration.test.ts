/**
 * The demo businesses of demo/ (loaded by `npm start` on an empty database): every file imports,
 * each group really has the configuration it is there to show, re-importing changes nothing, and
 * the demo logins of demo/accounts.json are usable.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GroupConfigInput } from '@creneau/core/group-config/group-config.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoAccounts, loadDemoGroups } from '../src/demo/load-demo.ts';
import { exportGroupConfig, importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, loginAs } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase, forEachDatabase } from './support/test-db.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const demoDir = path.join(repoRoot, 'demo');
const publicDir = path.join(repoRoot, 'apps/web/public');

type DemoGroup = GroupConfigInput & { $schema?: string };
const demoFiles = readdirSync(path.join(demoDir, 'groups'))
  .filter((file) => file.endsWith('.json'))
  .sort();
const demo = (file: string): DemoGroup =>
  JSON.parse(readFileSync(path.join(demoDir, 'groups', file), 'utf8')) as DemoGroup;
const demoGroups = demoFiles.map(demo);
const byUrlname = (urlname: string) => demoGroups.find((g) => g.urlname === urlname)!;

interface DemoAccount {
  email: string;
  password: string;
  role: 'user' | 'pro';
  name: string;
  groups: string[];
  roles?: Record<string, string>;
  fiches: Record<string, { firstname: string; lastname: string; email: string; firstphone: string }[]>;
}
const accounts = (
  JSON.parse(readFileSync(path.join(demoDir, 'accounts.json'), 'utf8')) as { accounts: DemoAccount[] }
).accounts;

/**
 * The password rule of the accounts spec (docs/requirements/accounts-and-appointments.md §5), restated here on purpose so that the demo
 * logins are checked independently of the shared validator being written in packages/core:
 * 10 to 20 characters (the password inputs cap at 20), a digit, a lower-case and an upper-case
 * letter, a punctuation character, and nothing of the e-mail's local part (whole or any piece of
 * it of three letters or more, split at . _ - +).
 */
function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < 10) problems.push('shorter than 10 characters');
  if (password.length > 20) problems.push('longer than the 20 characters a password input accepts');
  if (!/[0-9]/.test(password)) problems.push('no digit');
  if (!/[a-z]/.test(password)) problems.push('no lower-case letter');
  if (!/[A-Z]/.test(password)) problems.push('no upper-case letter');
  if (!/[!-/:-@[-`{-~]/.test(password)) problems.push('no punctuation character');
  const local = email.split('@')[0]!.toLowerCase();
  const pieces = [local, ...local.split(/[._+-]/).filter((piece) => piece.length >= 3)];
  if (pieces.some((piece) => password.toLowerCase().includes(piece))) problems.push('contains the e-mail');
  return problems;
}

describe('demo files', () => {
  it('has one file per demo business, named after its url name and pointing at the documented schema', () => {
    expect(demoFiles).toEqual([
      'demo-callcenter.json',
      'demo-clinic.json',
      'demo-inactive.json',
      'demo-private.json',
      'demo-salon.json',
      'demo-sso.json',
      'demo-townhall.json',
      'demo-yoga.json',
    ]);
    for (const [index, file] of demoFiles.entries()) {
      expect(`${demoGroups[index]!.urlname}.json`).toBe(file);
      expect(demoGroups[index]!.$schema).toBe('../../docs/group-config.schema.json');
    }
    expect(statSync(path.join(demoDir, 'groups', demoGroups[0]!.$schema!)).isFile()).toBe(true);
  });

  it('uses a different language in most groups, so that language handling is exercised', () => {
    const locales = new Set(demoGroups.map((g) => g.settings?.locale));
    expect(locales.size).toBeGreaterThanOrEqual(5);
  });

  it('references only images that exist under apps/web/public and stay small', () => {
    const urls = new Set(demoGroups.flatMap((g) => JSON.stringify(g).match(/\/demo\/[\w./-]+\.svg/g) ?? []));
    expect(urls.size).toBeGreaterThan(40);
    for (const url of urls) {
      const file = path.join(publicDir, url);
      expect(statSync(file, { throwIfNoEntry: false })?.size ?? -1, url).toBeGreaterThan(0);
      expect(statSync(file).size, url).toBeLessThan(8 * 1024);
      const svg = readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), url).toBe(true);
      expect(svg, url).not.toMatch(/<script|on\w+=|href="(?!#)/i);
    }
  });

  it('translates every visible item into each other enabled language', () => {
    const untranslated: string[] = [];
    for (const group of demoGroups) {
      const others = (group.settings?.enabled_locales ?? []).filter((l) => l !== group.settings?.locale);
      for (const kind of [
        'interventionsets',
        'interventions',
        'packs',
        'calendarsets',
        'calendars',
      ] as const) {
        for (const item of group[kind] ?? []) {
          if (!item.publicname) continue;
          for (const locale of others) {
            if (!item.translations?.[locale])
              untranslated.push(`${group.urlname} ${kind} ${item.externid} ${locale}`);
          }
        }
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('makes every service bookable: a calendar performs it, and a resource when it needs one', () => {
    const problems: string[] = [];
    for (const group of demoGroups) {
      const calendars = group.calendars ?? [];
      const performedBy = (resource: boolean) =>
        new Set(
          calendars
            .filter((c) => Boolean(c.resource) === resource)
            .flatMap((c) => (c.interventions ?? []).map((link) => link.intervention)),
        );
      const people = performedBy(false);
      const resources = performedBy(true);
      for (const service of group.interventions ?? []) {
        if (!people.has(service.externid))
          problems.push(`${group.urlname}: nobody performs ${service.externid}`);
        if (service.need_resource && !resources.has(service.externid)) {
          problems.push(`${group.urlname}: ${service.externid} needs a resource but none is linked`);
        }
        if (!service.need_resource && resources.has(service.externid)) {
          problems.push(`${group.urlname}: a resource is linked to ${service.externid}, which needs none`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps schedules sensible: ranges in order, exceptions within 2026–2027', () => {
    const problems: string[] = [];
    for (const group of demoGroups) {
      for (const calendar of group.calendars ?? []) {
        for (const [day, ranges] of Object.entries(calendar.weekly ?? {})) {
          ranges?.forEach((range, i) => {
            if (i > 0 && range[0] < ranges[i - 1]![1]) problems.push(`${calendar.externid} ${day} overlaps`);
          });
        }
        for (const exception of calendar.exceptions ?? []) {
          if (!/^202[67]-/.test(exception.from)) problems.push(`${calendar.externid} ${exception.from}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('demo accounts', () => {
  it('checks passwords with a rule that really rejects bad ones', () => {
    expect(passwordProblems('Lyon-Coiffure26!', 'camille.durand@example.com')).toEqual([]);
    expect(passwordProblems('Durand-2026!x', 'camille.durand@example.com')).toEqual(['contains the e-mail']);
    expect(passwordProblems('short1!A', 'jo@example.com')).toEqual(['shorter than 10 characters']);
    expect(passwordProblems('nouppercase1!', 'jo@example.com')).toEqual(['no upper-case letter']);
    expect(passwordProblems('NoPunctuation12', 'jo@example.com')).toEqual(['no punctuation character']);
    expect(passwordProblems('No-Digits-Here', 'jo@example.com')).toEqual(['no digit']);
  });

  it('gives every demo login a password that meets the rules', () => {
    for (const account of accounts) {
      expect(passwordProblems(account.password, account.email), account.email).toEqual([]);
    }
  });

  it('names only demo groups, with example.com addresses, once each', () => {
    const urlnames = new Set(demoGroups.map((g) => g.urlname));
    const emails = accounts.map((a) => a.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const account of accounts) {
      expect(account.email).toMatch(/^[a-z0-9._+-]+@example\.com$/);
      expect(['user', 'pro']).toContain(account.role);
      for (const urlname of [...account.groups, ...Object.keys(account.fiches)]) {
        expect(urlnames.has(urlname), `${account.email} → ${urlname}`).toBe(true);
      }
      if (account.role === 'pro') expect(account.groups.length).toBeGreaterThan(0);
    }
  });

  it('covers the logins the README promises', () => {
    const fiches = (a: DemoAccount, urlname: string) => a.fiches[urlname]?.length ?? 0;
    const users = accounts.filter((a) => a.role === 'user');
    const pros = accounts.filter((a) => a.role === 'pro');
    expect(users.some((a) => fiches(a, 'demo-salon') === 2 && fiches(a, 'demo-clinic') === 1)).toBe(true);
    expect(users.some((a) => fiches(a, 'demo-private') >= 1)).toBe(true);
    expect(pros.some((a) => [...a.groups].sort().join() === 'demo-callcenter,demo-salon')).toBe(true);
    expect(pros.some((a) => a.groups.includes('demo-clinic'))).toBe(true);
    expect(users.some((a) => fiches(a, 'demo-yoga') >= 1)).toBe(true);
    // One login per back-office role on demo-salon (docs/demo.md).
    const salonRoles = pros.map(
      (a) => a.roles?.['demo-salon'] ?? (a.groups.includes('demo-salon') ? 'callcentre' : null),
    );
    expect(new Set(salonRoles)).toEqual(new Set(['owner', 'manager', 'staff', 'callcentre', null]));
  });
});

forEachDatabase('demo groups through the read API', (database) => {
  let t: TestApp;
  let loaded: string[];
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    loaded = await loadDemoGroups(t.ctx.db, demoDir);
    const rows = await t.ctx.db.selectFrom('groups').select(['id', 'urlname']).execute();
    for (const row of rows) ids.set(row.urlname, row.id);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const group = (urlname: string) => t.get(`/api/v3/services/groups/${urlname}.json`);
  const list = async (urlname: string, what: string, query = '') => {
    const response = await t.get(`/api/v3/groups/${ids.get(urlname)}/${what}${query}`);
    expect(response.status, `${urlname} ${what}`).toBe(200);
    return response.body.records as any[];
  };

  it('imports every demo file', () => {
    expect([...loaded].sort()).toEqual(demoGroups.map((g) => g.urlname).sort());
  });

  it('demo-salon: a French salon in five languages, with a sequence offering "no preference"', async () => {
    const { status, body } = await group('demo-salon');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      locale: 'fr',
      enabled_locales: 'fr,en,de,es,it',
      loginProfile: 'Account',
      has_minisite: true,
      has_promotions: true,
      pack_interventions: true,
      address: { city: 'Lyon' },
    });
    expect(body.lat).toEqual(expect.any(Number));
    expect(body.lng).toEqual(expect.any(Number));
    expect(body.user_sequence_config).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'intervention_ids', max_multirdvs: 3 }),
        expect.objectContaining({ name: 'calendar_id', any: true }),
      ]),
    );
  });

  it('demo-salon: categories with images, priced services, 3 staff calendars, a pack with a break', async () => {
    const categories = await list('demo-salon', 'interventionsets');
    expect(categories.length).toBeGreaterThanOrEqual(3);
    for (const category of categories) expect(category.thumbnail).toMatch(/^\/demo\/demo-salon\/.+\.svg$/);

    const services = await list('demo-salon', 'interventions');
    expect(services.length).toBeGreaterThanOrEqual(10);
    for (const service of services) {
      expect(service.price).toBeGreaterThan(0);
      expect(service.length).toBeGreaterThan(0);
    }

    const staff = await list('demo-salon', 'calendars', '?resource=0');
    expect(staff).toHaveLength(3);
    for (const person of staff) expect(person.thumbnail).toMatch(/\.svg$/);

    const packs = await list('demo-salon', 'pack_interventions');
    expect(packs.length).toBeGreaterThanOrEqual(1);
    const withBreak = packs.find((p) => p.config.some((item: { break_time: number }) => item.break_time > 0));
    expect(withBreak.config.length).toBeGreaterThanOrEqual(2);
    expect(withBreak.config.length).toBeLessThanOrEqual(3);
  });

  it('demo-salon: promotions by service, weekday and time window, and by dates', async () => {
    const promotions = (await list('demo-salon', 'interventions')).flatMap((s) => s.promotions);
    expect(promotions).toContainEqual(
      expect.objectContaining({
        weekdays: ['tue'],
        from_time: expect.any(String),
        to_time: expect.any(String),
      }),
    );
    const packPromotions = (await list('demo-salon', 'pack_interventions')).flatMap((p) => p.promotions);
    expect(packPromotions).toContainEqual(
      expect.objectContaining({ from_date: '2026-12-01', to_date: '2026-12-24' }),
    );
  });

  it('demo-salon: speaks German when asked', async () => {
    const [fr, de] = await Promise.all([
      list('demo-salon', 'interventions'),
      list('demo-salon', 'interventions', '?locale=de'),
    ]);
    expect(de.map((s) => s.id)).toEqual(fr.map((s) => s.id));
    expect(de.find((s) => s.externid === 'coupe-homme').publicname).toBe('Herrenhaarschnitt');
    expect(fr.find((s) => s.externid === 'coupe-homme').publicname).toBe('Coupe homme');
  });

  it('demo-salon: a mini-site with gallery, highlighted service, listing, hours and social links', async () => {
    const { status, body } = await t.get(`/api/v3/websites?group_id=${ids.get('demo-salon')}`);
    expect(status).toBe(200);
    // The spec names the slider images file_upload (a list of {url}) and the first one image.
    expect(body.file_upload.length).toBeGreaterThanOrEqual(3);
    expect(body.image).toBe(body.file_upload[0].url);
    const services = await list('demo-salon', 'interventions');
    expect(body.highlight).toBe(true);
    expect(body.highlight_service).toBe(services.find((s) => s.externid === 'balayage').id);
    expect(body.listing).toBe('category');
    expect(body.listing_ids.length).toBeGreaterThan(0);
    // All seven days, Monday to Sunday (jsonb does not keep key order, so compare as a set).
    expect(Object.keys(body.openinghours).sort()).toEqual(['fri', 'mon', 'sat', 'sun', 'thu', 'tue', 'wed']);
    for (const ranges of Object.values(body.openinghours) as unknown[][])
      expect(ranges.length).toBeLessThanOrEqual(2);
    expect(body.facebook).toMatch(/^https:\/\/www\.facebook\.com\//);
    expect(body.instagram).toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(body.website_link).toMatch(/^https:\/\//);
    expect(body.otherbox).toBeTruthy();
  });

  it('demo-clinic: a health practice on two sites, with rooms as resources and video services', async () => {
    const { body } = await group('demo-clinic');
    expect(body).toMatchObject({ sector: 'Santé', loginProfile: 'Account' });
    expect(body.apptemplates.health_disclaimer).toBeTruthy();
    expect(body.user_sequence_config.map((s: { name: string }) => s.name)).toContain('resource_id');
    expect(body.resource_count).toBeGreaterThanOrEqual(2);
    const birthdate = body.forms.fiche.find((f: { type: string }) => f.type === 'datesplit');
    expect(birthdate).toMatchObject({ birthdate: true });
    expect(body.forms.fiche.map((f: { name: string }) => f.name)).toContain('firstphone');

    const sites = await list('demo-clinic', 'calendarsets');
    expect(sites).toHaveLength(2);
    const people = await list('demo-clinic', 'calendars', '?resource=0');
    for (const site of sites) {
      expect(
        people.filter((p) => p.calendarset_id === site.id).length,
        site.publicname,
      ).toBeGreaterThanOrEqual(2);
    }

    const services = await list('demo-clinic', 'interventions');
    const rooms = await list('demo-clinic', 'calendars', '?resource=1');
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    const needing = services.filter((s) => s.need_resource);
    expect(needing.length).toBeGreaterThan(0);
    for (const service of needing) {
      expect(
        rooms.some((room) => room.intervention_ids.includes(service.id)),
        service.externid,
      ).toBe(true);
    }
    expect(services.filter((s) => s.videoconference).length).toBeGreaterThanOrEqual(1);
  });

  it('demo-townhall: ID-card appointments with the str9 reference number, auto-picked steps, counters', async () => {
    const { body } = await group('demo-townhall');
    expect(body.profile.ants_group).toBe(true);
    expect(body.loginProfile).toBe('Fiche');
    expect(body.forms.vevent).toContainEqual(expect.objectContaining({ name: 'str9', type: 'text' }));
    expect(body.user_sequence_config.some((s: { skip_uniq_choice: boolean }) => s.skip_uniq_choice)).toBe(
      true,
    );
    const counters = await list('demo-townhall', 'calendars');
    expect(counters.length).toBeGreaterThanOrEqual(3);
    expect(counters.some((c) => c.capacity > 1)).toBe(true);
    expect(new Set(counters.map((c) => c.slot_step)).size).toBeGreaterThan(1);
  });

  it('demo-private: closed to anonymous visitors', async () => {
    const { body } = await group('demo-private');
    expect(body.openData).toBe(false);
    const response = await t.get(`/api/v3/groups/${ids.get('demo-private')}/interventions`);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('expiredConnection');
  });

  it('demo-sso: single sign-on only, naming its provider but never its secret', async () => {
    const { body } = await group('demo-sso');
    expect(body.sso_login_only).toBe(true);
    expect(body.sso_provider).toEqual({ issuer: 'http://localhost:4011' });
    const secret = (byUrlname('demo-sso').sso as { client_secret: string }).client_secret;
    expect(JSON.stringify(body)).not.toContain(secret);
  });

  it('demo-inactive: answers groupDoesNotExist with its name and phone', async () => {
    const { status, body } = await group('demo-inactive');
    expect(status).toBe(404);
    expect(body.message).toBe('groupDoesNotExist');
    expect(body.group).toMatchObject({
      urlname: 'demo-inactive',
      name: 'Fietsenmakerij De Spaak',
      inactive: true,
    });
    expect(body.group.phone).toBeTruthy();
  });

  it('demo-callcenter: items without a public name exist but anonymous visitors never see them', async () => {
    const { body } = await group('demo-callcenter');
    expect(body.callCenter).toBe(true);
    const file = byUrlname('demo-callcenter');
    const kinds = [
      ['interventionsets', 'interventionsets'],
      ['interventions', 'interventions'],
      ['calendarsets', 'calendarsets'],
      ['calendars', 'calendars'],
    ] as const;
    let hiddenCount = 0;
    for (const [kind, endpoint] of kinds) {
      const hidden = (file[kind] ?? []).filter((item) => item.publicname === '').map((item) => item.externid);
      hiddenCount += hidden.length;
      const shown = (await list('demo-callcenter', endpoint)).map((r) => r.externid);
      expect(shown.length, kind).toBeGreaterThan(0);
      for (const externid of hidden) expect(shown, `${kind} ${externid}`).not.toContain(externid);
    }
    expect(hiddenCount).toBeGreaterThanOrEqual(4);
    const exported = await exportGroupConfig(t.ctx.db, 'demo-callcenter');
    expect(exported?.interventions.filter((i) => i.publicname === '').length).toBeGreaterThan(0);
  });

  it('demo-yoga: runs on the legacy API generation, which answers its catalogue and home page', async () => {
    const { body } = await group('demo-yoga');
    expect(body.profile.use_api_v3).toBe(false);
    expect(body).toMatchObject({ loginProfile: 'Account', locale: 'pt', has_minisite: true });
    const groupId = ids.get('demo-yoga');
    const services = await t.get(`/api/groups/${groupId}/interventions?locale=en`);
    expect(services.status).toBe(200);
    expect(services.body.records.map((s: { publicname: string }) => s.publicname)).toContain('Trial class');
    const website = await t.get(`/api/groups/${groupId}/websites`);
    expect(website.status).toBe(200);
    expect(website.body.title).toContain('Estúdio Maré');
  });

  it('changes nothing when a demo file is imported again', async () => {
    const rowCount = async (table: 'interventions' | 'calendars' | 'promotions') =>
      Number(
        (
          await t.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const countsBefore = [
      await rowCount('interventions'),
      await rowCount('calendars'),
      await rowCount('promotions'),
    ];
    for (const file of demoFiles) {
      const urlname = demo(file).urlname;
      const before = await exportGroupConfig(t.ctx.db, urlname);
      const result = await importGroupConfig(t.ctx.db, demo(file));
      expect(result).toMatchObject({ urlname, created: false, id: ids.get(urlname) });
      expect(await exportGroupConfig(t.ctx.db, urlname), urlname).toEqual(before);
    }
    expect([
      await rowCount('interventions'),
      await rowCount('calendars'),
      await rowCount('promotions'),
    ]).toEqual(countsBefore);
  });
});

describe('demo back-office logins', () => {
  let t: TestApp;
  let salonId: number;
  beforeAll(async () => {
    t = await createTestApp(await createPgliteDatabase(), { now: '2026-11-23T08:00:00Z' });
    await loadDemoGroups(t.ctx.db, demoDir);
    await loadDemoAccounts(t.ctx.db, demoDir);
    salonId = (
      await t.ctx.db
        .selectFrom('groups')
        .select('id')
        .where('urlname', '=', 'demo-salon')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  const calendarsSeenBy = async (email: string) => {
    const account = accounts.find((a) => a.email === email)!;
    const token = await loginAs(t, email, account.password, salonId);
    const response = await call(t, 'GET', `/api/v3/admin/groups/${salonId}/agenda?from=2026-11-24`, {
      token,
    });
    return response.status === 200
      ? response.body.calendars.map((c: { name: string }) => c.name)
      : response.status;
  };

  it('gives the owner and the manager the whole agenda, the stylist her own, the call centre none', async () => {
    expect(await calendarsSeenBy('capucine.moreau@example.com')).toHaveLength(3);
    expect(await calendarsSeenBy('julien.faure@example.com')).toHaveLength(3);
    expect(await calendarsSeenBy('leonie.marchand@example.com')).toEqual(['Léonie Marchand']);
    expect(await calendarsSeenBy('nadia.lefevre@example.com')).toBe(403);
  });
});
