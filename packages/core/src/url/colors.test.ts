import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE, normalizeColor, PALETTE_GROUPS, parseColorsParam, resolveTheme } from './colors.ts';

describe('normalizeColor', () => {
  it.each([
    ['#0f80f3', '#0F80F3'],
    ['0F80F3', '#0F80F3'],
    ['#FFF', '#FFFFFF'],
    ['fff', '#FFFFFF'],
    ['#a1B', '#AA11BB'],
    [' 1e1e1e ', '#1E1E1E'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeColor(input)).toBe(expected);
  });

  it.each([
    '',
    '#',
    '#ff',
    '#ffff',
    '#fffff',
    '#fffffff',
    '#ffffffff',
    '##ffffff',
    'red',
    'rgb(0,0,0)',
    '#ggg',
    '0x123456',
    '12 34 56',
    '#１２３',
  ])('rejects "%s"', (input) => {
    expect(normalizeColor(input)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(normalizeColor(0xffffff)).toBeNull();
    expect(normalizeColor(null)).toBeNull();
  });

  it('property: six hex digits in any case, with or without #, normalise to the upper-case form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{6}$/), fc.boolean(), (hex, hash) => {
        expect(normalizeColor(hash ? `#${hex}` : hex)).toBe(`#${hex.toUpperCase()}`);
      }),
    );
  });

  it('property: three digits double each digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{3}$/), (hex) => {
        const [r, g, b] = hex.toUpperCase();
        expect(normalizeColor(hex)).toBe(`#${r}${r}${g}${g}${b}${b}`);
      }),
    );
  });

  it('property: the result is always #RRGGBB or null', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 9 }), (value) => {
        const result = normalizeColor(value);
        if (result !== null) expect(result).toMatch(/^#[0-9A-F]{6}$/);
      }),
    );
  });
});

describe('parseColorsParam', () => {
  it('compact syntax: general and per-group entries', () => {
    expect(parseColorsParam('primary:0f80f3,text:1E1E1E;header.background:fff')).toEqual({
      overrides: {
        all: { primary: '#0F80F3', text: '#1E1E1E' },
        groups: { header: { background: '#FFFFFF' } },
      },
      problems: [],
    });
  });

  it('accepts an encoded # and spaces around entries', () => {
    expect(parseColorsParam(' primary : #0f80f3 , ').overrides.all).toEqual({ primary: '#0F80F3' });
  });

  it('later entries win', () => {
    expect(parseColorsParam('primary:000,primary:111').overrides.all).toEqual({ primary: '#111111' });
  });

  it('drops unknown keys, unknown groups, bad colours and malformed entries, keeping the rest', () => {
    const result = parseColorsParam('primary:blue,footer.text:000,shadow:000,text,body.text.x:000,error:f00');
    expect(result.overrides).toEqual({ all: { error: '#FF0000' }, groups: {} });
    expect(result.problems).toHaveLength(5);
    expect(result.problems[0]).toContain('primary');
  });

  it('JSON syntax', () => {
    expect(parseColorsParam('{"primary":"0F80F3","stepper":{"text":"#abc"}}')).toEqual({
      overrides: { all: { primary: '#0F80F3' }, groups: { stepper: { text: '#AABBCC' } } },
      problems: [],
    });
  });

  it('bad JSON is reported, not thrown', () => {
    expect(parseColorsParam('{primary:').problems).toEqual(['colors: not valid JSON']);
    expect(parseColorsParam('{"primary":5}').problems).toHaveLength(1);
    expect(parseColorsParam('{"header":[1]}').problems).toHaveLength(1);
  });

  it('absent or empty gives no overrides', () => {
    expect(parseColorsParam(null)).toEqual({ overrides: { all: {}, groups: {} }, problems: [] });
    expect(parseColorsParam('  ')).toEqual({ overrides: { all: {}, groups: {} }, problems: [] });
  });

  it('property: never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const result = parseColorsParam(raw);
        expect(Array.isArray(result.problems)).toBe(true);
      }),
    );
  });
});

describe('resolveTheme', () => {
  it("uses the spec's defaults when nothing is configured", () => {
    const theme = resolveTheme({});
    for (const group of PALETTE_GROUPS) {
      expect(theme[group].primary).toBe('#0F80F3');
      expect(theme[group].text).toBe('#1E1E1E');
      expect(theme[group].error).toBe('#FF0000');
      expect(theme[group].background).toBe('#FFFFFF');
      expect(theme[group].accent).toBe('#0F80F3');
    }
  });

  it("the group's usercolors beat the defaults, per palette group", () => {
    const theme = resolveTheme({ header: { background: '#222222', primary: '#00aa00' } });
    expect(theme.header.background).toBe('#222222');
    expect(theme.header.primary).toBe('#00AA00');
    expect(theme.header.accent).toBe('#00AA00');
    expect(theme.body.background).toBe(DEFAULT_PALETTE.background);
  });

  it('a general query entry beats usercolors; a per-group query entry beats a general one', () => {
    const { overrides } = parseColorsParam('primary:111,body.primary:222');
    const theme = resolveTheme({ header: { primary: '#333333' }, body: { primary: '#444444' } }, overrides);
    expect(theme.header.primary).toBe('#111111');
    expect(theme.stepper.primary).toBe('#111111');
    expect(theme.body.primary).toBe('#222222');
  });

  it('an explicit accent is kept', () => {
    expect(resolveTheme({ body: { accent: '#123456' } }).body.accent).toBe('#123456');
  });

  it('property: every colour of a resolved theme is #RRGGBB', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const theme = resolveTheme({}, parseColorsParam(raw).overrides);
        for (const group of PALETTE_GROUPS) {
          for (const color of Object.values(theme[group])) expect(color).toMatch(/^#[0-9A-F]{6}$/);
        }
      }),
    );
  });
});
