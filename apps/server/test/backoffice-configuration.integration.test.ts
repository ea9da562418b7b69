/**
 * The group's configuration from the back office (docs/group-configuration.md "Versions"), through
 * HTTP on both databases: read and saved whole while the server runs, the change live at once for
 * the booking pages; every save a version with who and how; a stale editor refused; bad input
 * refused whole with each problem's path; a restore giving back exactly the earlier export; the
 * single sign-on secret never sent out; owners only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importGroupConfig } from '../src/modules/group-config/group-config.service.ts';
import { call, createAccount, createStaffMember, loginAs } from './support/accounts.ts';
import { sampleGroup } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { forEachDatabase } from './support/test-db.ts';

const SECRET = 'client-secret-never-sent';

forEachDatabase('back office: the configuration and its versions', (database, engine) => {
  let t: TestApp;
  let groupId: number;
  let otherGroupId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(database(), { now: '2026-11-23T08:00:00Z' });
    groupId = (
      await importGroupConfig(
        t.ctx.db,
        sampleGroup({
          urlname: 'configured',
          sso: { issuer: 'https://login.example', client_id: 'creneau', client_secret: SECRET },
        }),
      )
    ).id;
    otherGroupId = (
      await importGroupConfig(t.ctx.db, sampleGroup({ urlname: 'configured-other', website: null }))
    ).id;
    for (const role of ['owner', 'manager', 'staff', 'callcentre'] as const)
      tokens[role] = (
        await createStaffMember(t, groupId, { email: `${role}@config.example`, role, name: `The ${role}` })
      ).token;
    tokens.otherOwner = (
      await createStaffMember(t, otherGroupId, { email: 'owner@other-config.example', role: 'owner' })
    ).token;
    await createAccount(t.ctx.db, { email: 'customer@config.example' });
    tokens.customer = await loginAs(t, 'customer@config.example', undefined, groupId);
  });
  afterAll(async () => {
    await t.app.close();
  });

  const api = (who: string, method: 'GET' | 'PUT' | 'POST', path = '', body?: unknown, group = groupId) =>
    call(t, method, `/api/v3/admin/groups/${group}/configuration${path}`, {
      ...(tokens[who] ? { token: tokens[who] } : {}),
      ...(body ? { body } : {}),
    });
  const publicName = async () => (await t.get('/api/v3/services/groups/configured.json')).body.name;

  it('reads the export with its version, the secret masked, and saves a change live at once', async () => {
    const read = await api('owner', 'GET');
    expect(read.status).toBe(200);
    expect(read.body.version).toBe(1);
    expect(read.body.document.urlname).toBe('configured');
    expect(read.body.document.sso).toMatchObject({ client_id: 'creneau', client_secret: '(kept secret)' });
    expect(JSON.stringify(read.body)).not.toContain(SECRET);

    // Saving what was read changes nothing and makes no version.
    const same = await api('owner', 'PUT', '', { document: read.body.document, based_on: 1 });
    expect(same.body).toEqual({ version: 1, changes: [], stranded: [] });

    const edited = structuredClone(read.body.document);
    edited.name = 'Salon Configuré';
    edited.interventions.find((s: { externid: string }) => s.externid === 'cut').price = 5200;
    const saved = await api('owner', 'PUT', '', { document: edited, based_on: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    expect(saved.body.changes).toEqual([
      { path: 'interventions[cut].price', kind: 'changed', before: 4500, after: 5200 },
      { path: 'name', kind: 'changed', before: 'Salon Test', after: 'Salon Configuré' },
    ]);
    expect(await publicName()).toBe('Salon Configuré');
    // The mask kept the secret: the stored document still has it.
    const stored = await t.ctx.db
      .selectFrom('group_config_versions')
      .select('document')
      .where('group_id', '=', groupId)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect((stored.document as { sso: { client_secret: string } }).sso.client_secret).toBe(SECRET);
  });

  it('refuses a stale editor, bad input and another urlname, writing nothing', async () => {
    const read = await api('owner', 'GET');
    const version = read.body.version;
    const stale = await api('owner', 'PUT', '', {
      document: { ...read.body.document, name: 'Stale' },
      based_on: version - 1,
    });
    expect([stale.status, stale.body.message]).toEqual([409, 'configurationChanged']);

    const broken = structuredClone(read.body.document);
    broken.name = 'Half saved?';
    broken.interventions[0].length = -5;
    const refused = await api('owner', 'PUT', '', { document: broken, based_on: version });
    expect([refused.status, refused.body.message]).toEqual([422, 'invalidConfiguration']);
    expect(refused.body.problems.some((p: string) => p.startsWith('$.interventions[0].length'))).toBe(true);
    // A reference to nothing is named too.
    const dangling = structuredClone(read.body.document);
    dangling.calendars[0].interventions = [{ intervention: 'no-such-service' }];
    const unknown = await api('owner', 'PUT', '', { document: dangling, based_on: version });
    expect(unknown.status).toBe(422);
    expect(unknown.body.problems.join('\n')).toContain('no-such-service');

    // The rules form's values: a notice to book as long as the horizon, a step twice.
    const rules = structuredClone(read.body.document);
    rules.settings.maxrdv_period = 2880;
    rules.settings.rules.min_notice_minutes = 2880;
    rules.settings.user_sequence_config = [{ name: 'intervention_ids' }, { name: 'intervention_ids' }];
    const badRules = await api('owner', 'PUT', '', { document: rules, based_on: version });
    expect(badRules.status).toBe(422);
    expect(badRules.body.problems).toEqual([
      '$.settings.rules.min_notice_minutes: the notice to book must be shorter than the booking horizon (maxrdv_period)',
      '$.settings.user_sequence_config[1].name: step "intervention_ids" listed twice',
    ]);

    const renamed = await api('owner', 'PUT', '', {
      document: { ...read.body.document, urlname: 'elsewhere' },
    });
    expect([renamed.status, renamed.body.message]).toEqual([422, 'urlnameChange']);
    for (const body of [{}, { document: 'text' }, { document: [] }, { document: {}, based_on: -1 }])
      expect((await api('owner', 'PUT', '', body)).status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);

    expect(await publicName()).toBe('Salon Configuré');
    expect((await api('owner', 'GET')).body.version).toBe(version);
  });

  it('lists the versions, compares two, and restores one exactly as it was exported', async () => {
    const list = await api('owner', 'GET', '/versions');
    expect(list.body.records.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list.body.records[0]).toMatchObject({
      source: 'editor',
      author: 'The owner',
      restored_from: null,
    });
    expect(list.body.records[1]).toMatchObject({ source: 'import', author: null });

    const diff = await api('owner', 'GET', '/versions/1/diff');
    expect(diff.body).toMatchObject({ from: 1, to: 2 });
    expect(diff.body.changes.map((c: { path: string }) => c.path)).toEqual([
      'interventions[cut].price',
      'name',
    ]);
    expect((await api('owner', 'GET', '/versions/2/diff?against=1')).body.changes[1]).toMatchObject({
      before: 'Salon Configuré',
      after: 'Salon Test',
    });

    const first = await api('owner', 'GET', '/versions/1');
    const restored = await api('owner', 'POST', '/versions/1/restore', { based_on: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(3);
    expect(await publicName()).toBe('Salon Test');
    const now = await api('owner', 'GET');
    expect(now.body.document).toEqual(first.body.document);
    expect((await api('owner', 'GET', '/versions')).body.records[0]).toMatchObject({
      version: 3,
      source: 'restore',
      restored_from: 1,
    });
    expect((await api('owner', 'GET', '/versions/99')).status).toBe(404);
    expect((await api('owner', 'POST', '/versions/99/restore', {})).status).toBe(404);
    expect((await api('owner', 'GET', '/versions/0')).status).toBe(400);
  });

  it("keeps the back office's absences out of the configuration: not exported, not removed by a restore", async () => {
    const calendarId = (
      await t.ctx.db
        .selectFrom('calendars')
        .select('id')
        .where('group_id', '=', groupId)
        .where('externid', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).id;
    const absence = await call(t, 'POST', `/api/v3/admin/groups/${groupId}/absences`, {
      token: tokens.owner!,
      body: {
        calendar_ids: [calendarId],
        from: '2026-12-09T12:00',
        to: '2026-12-09T14:00',
        label: 'Staff lunch',
      },
    });
    expect(absence.status).toBe(201);
    const read = await api('owner', 'GET');
    expect(JSON.stringify(read.body.document)).not.toContain('Staff lunch');
    const restored = await api('owner', 'POST', '/versions/1/restore', { based_on: read.body.version });
    expect(restored.status).toBe(200);
    const listed = await call(t, 'GET', `/api/v3/admin/groups/${groupId}/absences`, { token: tokens.owner! });
    expect(listed.body.absences.map((a: { label: string | null }) => a.label)).toContain('Staff lunch');
  });

  it('refuses a wrong pack or promotion whole, and saves a new pack and promotion as the offers tab sends them', async () => {
    const read = await api('owner', 'GET');
    const version = read.body.version;
    type Document = typeof read.body.document;
    const refused = async (edit: (document: Document) => void): Promise<string[]> => {
      const document = structuredClone(read.body.document);
      document.name = 'Half saved?';
      edit(document);
      const answer = await api('owner', 'PUT', '', { document, based_on: version });
      expect([answer.status, answer.body.message]).toEqual([422, 'invalidConfiguration']);
      return answer.body.problems;
    };
    const packAt = (document: Document, externid: string) =>
      document.packs.find((pack: { externid: string }) => pack.externid === externid);
    expect(
      await refused((document) => {
        packAt(document, 'pack-full').items[1].intervention = 'no-such-service';
      }),
    ).toEqual(['$.packs[0].items[1].intervention: unknown intervention "no-such-service"']);
    expect(
      await refused((document) => {
        document.interventions.find((service: { externid: string }) => service.externid === 'care').deleted =
          true;
      }),
    ).toContain('$.packs[1].items[1].intervention: deleted intervention "care"');
    expect(
      (
        await refused((document) => {
          packAt(document, 'pack-full').items.pop();
        })
      )[0],
    ).toMatch(/^\$\.packs\[0\]\.items: /);
    for (const percent of [0, 101])
      expect(
        (
          await refused((document) => {
            document.promotions[0].percent = percent;
          })
        )[0],
      ).toMatch(/^\$\.promotions\[0\]\.percent: /);
    expect(
      await refused((document) => {
        Object.assign(document.promotions[0], { from_time: '12:00', to_time: '09:00' });
      }),
    ).toEqual(['$.promotions[0].to_time: from_time must be before to_time']);
    expect(await publicName()).toBe(read.body.document.name);
    expect((await api('owner', 'GET')).body.version).toBe(version);

    const document = structuredClone(read.body.document);
    document.packs.push({
      externid: 'pack',
      name: 'Coupe et soin',
      publicname: 'Coupe et soin',
      interventionset: null,
      status: 'opened',
      price: 6050,
      items: [
        { intervention: 'cut', break_time: 10 },
        { intervention: 'care', break_time: 0 },
      ],
      sort: 3,
    });
    document.promotions.push({
      externid: 'promotion',
      label: 'Week-end',
      percent: 15,
      interventions: null,
      from_date: '2026-12-01',
      to_date: '2026-12-31',
      weekdays: ['sat', 'sun'],
      from_time: '09:00',
      to_time: '12:30',
    });
    const saved = await api('owner', 'PUT', '', { document, based_on: version });
    expect(saved.status).toBe(200);
    const paths = saved.body.changes.map((change: { path: string }) => change.path);
    expect(paths).toEqual(expect.arrayContaining(['packs[pack]', 'promotions[promotion]']));
    const after = (await api('owner', 'GET')).body.document;
    expect(packAt(after, 'pack')).toMatchObject({
      price: 6050,
      items: [
        { intervention: 'cut', break_time: 10 },
        { intervention: 'care', break_time: 0 },
      ],
    });
    expect(after.promotions.at(-1)).toMatchObject({
      percent: 15,
      weekdays: ['sat', 'sun'],
      to_time: '12:30',
    });
  });

  it('lets only the owner in, and only into their own group', async () => {
    for (const who of ['manager', 'staff', 'callcentre', 'customer', 'otherOwner']) {
      expect((await api(who, 'GET')).status, who).toBe(403);
      expect((await api(who, 'GET', '/versions')).status, who).toBe(403);
      expect((await api(who, 'PUT', '', { document: { urlname: 'configured' } })).status, who).toBe(403);
      expect((await api(who, 'POST', '/versions/1/restore', {})).status, who).toBe(403);
    }
    expect((await api('nobody', 'GET')).status).toBe(401);
    expect((await api('otherOwner', 'GET', '', undefined, otherGroupId)).body.document.urlname).toBe(
      'configured-other',
    );
  });

  it("saves the forms' fields live, and refuses a name twice, lengths or choices that cannot work, writing nothing", async () => {
    const read = await api('owner', 'GET');
    const version = read.body.version;
    const publicForms = async () => (await t.get('/api/v3/services/groups/configured.json')).body.forms;
    const before = await publicForms();
    const name = await publicName();

    const bad = structuredClone(read.body.document);
    bad.name = 'Half saved?';
    bad.forms.vevent.push(
      { name: 'comments', type: 'text', label: 'Encore' },
      { name: 'code', type: 'text', label: 'Code', minLength: 8, maxLength: 6 },
      {
        name: 'size',
        type: 'select',
        label: 'Taille',
        choices: [
          { value: 's', label: 'S' },
          { value: 's', label: 'Small' },
        ],
      },
    );
    const refused = await api('owner', 'PUT', '', { document: bad, based_on: version });
    expect([refused.status, refused.body.message]).toEqual([422, 'invalidConfiguration']);
    expect(refused.body.problems).toEqual([
      '$.forms.vevent[2].maxLength: maxLength must not be below minLength',
      '$.forms.vevent[3].choices[1].value: duplicate choice "s"',
      '$.forms.vevent[1].name: duplicate field "comments"',
    ]);
    expect(await publicForms()).toEqual(before);
    expect(await publicName()).toBe(name);
    expect((await api('owner', 'GET')).body.version).toBe(version);

    const good = structuredClone(read.body.document);
    good.forms.vevent.unshift({
      name: 'size',
      type: 'radio',
      label: 'Taille',
      required: true,
      choices: [
        { value: 's', label: 'S' },
        { value: 'm', label: 'M' },
      ],
    });
    const saved = await api('owner', 'PUT', '', { document: good, based_on: version });
    expect(saved.status).toBe(200);
    const vevent = (await publicForms()).vevent;
    expect(vevent.map((field: { name: string }) => field.name)).toEqual(['size', 'comments']);
    expect(vevent[0]).toMatchObject({
      type: 'radio',
      required: true,
      choices: [{ value: 's' }, { value: 'm' }],
    });
    // Back as it was, for the tests after.
    const back = await api('owner', 'PUT', '', {
      document: read.body.document,
      based_on: saved.body.version,
    });
    expect(back.status).toBe(200);
    expect(await publicForms()).toEqual(before);
  });

  // On the embedded database requests run one after another: no race to see there.
  if (engine === 'postgres')
    it('two editors saving from the same version at once: one wins, the other is told', async () => {
      const read = await api('owner', 'GET');
      const saves = await Promise.all(
        ['Salon A', 'Salon B'].map((name) =>
          api('owner', 'PUT', '', { document: { ...read.body.document, name }, based_on: read.body.version }),
        ),
      );
      expect(saves.map((s) => s.status).sort()).toEqual([200, 409]);
      const versions = (await api('owner', 'GET', '/versions')).body.records.map(
        (v: { version: number }) => v.version,
      );
      expect(versions[0]).toBe(read.body.version + 1);
    });
});
