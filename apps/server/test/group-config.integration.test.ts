import { expect, it } from 'vitest';
import {
  exportGroupConfig,
  GroupConfigError,
  importGroupConfig,
  parseGroupConfig,
} from '../src/modules/group-config/group-config.service.ts';
import { sampleGroup } from './support/fixtures.ts';
import { forEachDatabase } from './support/test-db.ts';

async function snapshot(db: Parameters<typeof exportGroupConfig>[0]) {
  const counts: Record<string, number> = {};
  for (const table of [
    'groups',
    'interventions',
    'calendars',
    'opening_ranges',
    'promotions',
    'form_fields',
    'websites',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

forEachDatabase('group configuration import/export', (database) => {
  it('imports a good file and exports exactly what it imported', async () => {
    const db = database().db;
    const result = await importGroupConfig(db, sampleGroup());
    expect(result).toMatchObject({ urlname: 'test-salon', created: true });
    const exported = await exportGroupConfig(db, 'test-salon');
    expect(exported).toEqual(parseGroupConfig(sampleGroup()));
  });

  it('changes nothing for a bad file and names each problem by JSON path', async () => {
    const db = database().db;
    const before = await snapshot(db);
    const bad = sampleGroup({ urlname: 'other-salon' }) as any;
    bad.calendars[1].interventions.push({ intervention: 'no-such-service' });
    bad.interventions[0].price = -5;
    bad.settings.timezone = 'Mars/Olympus';
    const failure = await importGroupConfig(db, bad).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GroupConfigError);
    const problems = (failure as GroupConfigError).problems;
    expect(problems).toContain(
      '$.calendars[1].interventions[2].intervention: unknown intervention "no-such-service"',
    );
    expect(problems.some((p) => p.startsWith('$.interventions[0].price:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('$.settings.timezone: an IANA time zone'))).toBe(true);
    expect(await snapshot(db)).toEqual(before);
  });

  it('rolls back everything when the database refuses a row half-way', async () => {
    const db = database().db;
    const before = await snapshot(db);
    // Passes the schema, but the website domain is already used by test-salon: the unique index
    // fails at the very end of the transaction, after the group and catalogue rows were written.
    const clash = sampleGroup({ urlname: 'clash-salon' });
    await expect(importGroupConfig(db, clash)).rejects.toThrow();
    expect(await snapshot(db)).toEqual(before);
    expect(await exportGroupConfig(db, 'clash-salon')).toBeUndefined();
  });

  it('upserts by url name and externid, marking removed items deleted but keeping their rows', async () => {
    const db = database().db;
    const original = await db
      .selectFrom('interventions')
      .select(['id', 'externid'])
      .where('externid', '=', 'cut')
      .executeTakeFirstOrThrow();
    const changed = sampleGroup({ name: 'Salon Test Renamed' }) as any;
    changed.interventions = changed.interventions.filter((i: { externid: string }) => i.externid !== 'care');
    changed.interventions[0].price = 5000;
    for (const calendar of changed.calendars) {
      calendar.interventions = calendar.interventions.filter(
        (l: { intervention: string }) => l.intervention !== 'care',
      );
    }
    changed.packs = changed.packs.filter((p: { externid: string }) => p.externid === 'pack-full');
    const result = await importGroupConfig(db, changed);
    expect(result.created).toBe(false);
    const cut = await db
      .selectFrom('interventions')
      .select(['id', 'price'])
      .where('externid', '=', 'cut')
      .executeTakeFirstOrThrow();
    expect(cut).toEqual({ id: original.id, price: 5000 });
    const care = await db
      .selectFrom('interventions')
      .select('deleted')
      .where('externid', '=', 'care')
      .executeTakeFirstOrThrow();
    expect(care.deleted).toBe(true);
    const exported = await exportGroupConfig(db, 'test-salon');
    expect(exported?.name).toBe('Salon Test Renamed');
    expect(exported?.interventions.map((i) => i.externid)).not.toContain('care');
    expect(exported).toEqual(parseGroupConfig(changed));
  });

  it('keeps groups apart: the same externids in two groups are different rows', async () => {
    const db = database().db;
    const second = sampleGroup({ urlname: 'second-salon', website: null });
    await importGroupConfig(db, second);
    const rows = await db
      .selectFrom('interventions')
      .select(['group_id'])
      .where('externid', '=', 'cut')
      .execute();
    expect(new Set(rows.map((r) => r.group_id)).size).toBe(2);
    expect(await exportGroupConfig(db, 'second-salon')).toEqual(parseGroupConfig(second));
  });
});
