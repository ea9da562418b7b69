/**
 * Keeps the operator documentation of the group configuration format honest: the JSON Schema in
 * docs/ must be what the CLI generates today, the guide must mention every field of the format,
 * and its examples must be valid.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeConfigErrors, groupConfigSchema } from '@creneau/core/group-config/group-config.schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groupConfigJsonSchema } from '../src/cli/group.cli.ts';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs');
const guide = readFileSync(path.join(docsDir, 'group-configuration.md'), 'utf8');

/** The object schema inside defaults, optionals, nullables and arrays. */
function objectIn(schema: z.ZodType): z.ZodObject {
  let current: z.ZodType | undefined = schema;
  while (current && !(current instanceof z.ZodObject)) {
    const def = current._zod.def as { innerType?: z.ZodType; element?: z.ZodType };
    current = def.innerType ?? def.element;
  }
  if (!current) throw new Error('no object schema inside');
  return current;
}

function fieldsOf(schema: z.ZodType, where: string): { where: string; key: string }[] {
  return Object.keys(objectIn(schema).shape).map((key) => ({ where, key }));
}

/** Every object of the format, by where it sits in a document. */
function everyField() {
  const top = objectIn(groupConfigSchema).shape;
  const settings = objectIn(top.settings).shape;
  const packs = objectIn(top.packs).shape;
  const calendars = objectIn(top.calendars).shape;
  const forms = objectIn(top.forms).shape;
  return [
    ...fieldsOf(groupConfigSchema, '$'),
    ...fieldsOf(top.settings, '$.settings'),
    ...fieldsOf(settings.address, '$.settings.address'),
    ...fieldsOf(settings.user_sequence_config, '$.settings.user_sequence_config[]'),
    ...fieldsOf(settings.apptemplates, '$.settings.apptemplates'),
    ...fieldsOf(settings.profile, '$.settings.profile'),
    ...fieldsOf(settings.rules, '$.settings.rules'),
    ...fieldsOf(top.website, '$.website'),
    ...fieldsOf(top.interventionsets, '$.interventionsets[]'),
    ...fieldsOf(top.interventions, '$.interventions[]'),
    ...fieldsOf(top.packs, '$.packs[]'),
    ...fieldsOf(packs.items, '$.packs[].items[]'),
    ...fieldsOf(top.calendarsets, '$.calendarsets[]'),
    ...fieldsOf(top.calendars, '$.calendars[]'),
    ...fieldsOf(calendars.interventions, '$.calendars[].interventions[]'),
    ...fieldsOf(calendars.exceptions, '$.calendars[].exceptions[]'),
    ...fieldsOf(top.promotions, '$.promotions[]'),
    ...fieldsOf(forms.fiche, '$.forms.fiche[]'),
    ...fieldsOf(top.sso, '$.sso'),
  ];
}

/** The code blocks of a fenced language in the guide. */
function codeBlocks(language: string): string[] {
  const fence = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g');
  return [...guide.matchAll(fence)].map((match) => match[1]!);
}

describe('group configuration documentation', () => {
  it('ships the JSON Schema the CLI generates (regenerate: npm run --silent group -- schema > docs/group-config.schema.json)', () => {
    const shipped = JSON.parse(readFileSync(path.join(docsDir, 'group-config.schema.json'), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(groupConfigJsonSchema())));
  });

  it('mentions every field of the format in docs/group-configuration.md', () => {
    // A field counts as documented when its name appears inside a `code span` of the guide.
    const spans = [...guide.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
    const mentioned = (key: string) => {
      const word = new RegExp(`(^|[^\\w$])${key.replace(/\$/g, '\\$')}(?!\\w)`);
      return spans.some((span) => word.test(span));
    };
    const fields = everyField();
    expect(fields.length).toBeGreaterThan(100);
    const missing = fields.filter(({ key }) => !mentioned(key)).map(({ where, key }) => `${where}.${key}`);
    expect(missing).toEqual([]);
  });

  it('gives only valid JSON examples, and complete examples that import', () => {
    const blocks = codeBlocks('json');
    expect(blocks.length).toBeGreaterThan(5);
    const complete = [];
    for (const block of blocks) {
      const value = JSON.parse(block) as unknown;
      if (value && typeof value === 'object' && 'urlname' in value) complete.push(value);
    }
    expect(complete.length).toBeGreaterThanOrEqual(2);
    for (const document of complete) {
      const result = groupConfigSchema.safeParse(document);
      expect(result.success ? [] : describeConfigErrors(result.error)).toEqual([]);
    }
  });

  it('shows error messages exactly as an import reports them', () => {
    // The guide's sample output must be reproducible: same paths, same rules, same order.
    const shown = codeBlocks('text')
      .find((block) => block.startsWith('invalid group configuration:'))
      ?.split('\n')
      .filter((line) => line.startsWith('  $'))
      .map((line) => line.trim());
    const bad = {
      urlname: 'Mon Salon',
      name: 'x',
      settings: { timezone: 'Europe/Lyon', locale: 'de', enabled_locales: ['fr'] },
      interventions: [
        { externid: 'cut', name: 'Coupe', price: -5, length: 30 },
        { externid: 'cut', name: 'Coupe 2', length: 0 },
      ],
      calendars: [
        {
          externid: 'alice',
          name: 'Alice',
          interventions: [{ intervention: 'colour' }],
          weekly: { mon: [['18:00', '09:00']] },
          exceptions: [{ kind: 'closure', from: '2027-02-30T00:00', to: '2027-03-01T00:00' }],
        },
      ],
    };
    const result = groupConfigSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(shown).toEqual(describeConfigErrors(result.error!));
  });
});
