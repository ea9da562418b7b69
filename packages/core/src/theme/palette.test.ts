import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveTheme } from '../url/colors.ts';
import { contrast, ensureContrast, labelOn, luminance, mix, readableOn } from './contrast.ts';
import { themeVariables } from './palette.ts';

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(
    ([r, g, b]) =>
      `#${[r, g, b]
        .map((v) => v.toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase()}`,
  );

describe('contrast helpers', () => {
  it('computes WCAG luminance and contrast exactly as the formula does (channel table, no sorting)', () => {
    const linear = (v: number) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const formula = (color: string) => {
      const n = Number.parseInt(color.slice(1), 16);
      return 0.2126 * linear((n >> 16) & 255) + 0.7152 * linear((n >> 8) & 255) + 0.0722 * linear(n & 255);
    };
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        expect(luminance(a)).toBe(formula(a));
        const [hi, lo] = [formula(a), formula(b)].sort((x, y) => y - x) as [number, number];
        expect(contrast(a, b)).toBe((hi + 0.05) / (lo + 0.05));
        expect(contrast(b, a)).toBe(contrast(a, b));
      }),
    );
  });

  it('knows the WCAG extremes', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
  });

  it('mixes like color-mix in sRGB', () => {
    expect(mix('#FFFFFF', '#000000', 0.5)).toBe('#808080');
    expect(mix('#0F80F3', '#FFFFFF', 1)).toBe('#0F80F3');
  });

  it('always reaches the requested ratio', () => {
    fc.assert(
      fc.property(hex, hex, (color, background) => {
        expect(contrast(ensureContrast(color, background, 4.5), background)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('leaves a colour that already reads well alone', () => {
    expect(ensureContrast('#1E1E1E', '#FFFFFF')).toBe('#1E1E1E');
  });
});

describe('themeVariables', () => {
  it('exposes the spec defaults as variables', () => {
    const vars = themeVariables(resolveTheme(null));
    expect(vars['--body-primary']).toBe('#0F80F3');
    expect(vars['--body-text']).toBe('#1E1E1E');
    expect(vars['--body-error']).toBe('#FF0000');
    expect(vars['--header-background']).toBe('#FFFFFF');
  });

  it('takes the group colours and the colors parameter, parameter last', () => {
    const theme = resolveTheme(
      { header: { background: '#2E2A27' }, body: { primary: '#B5654A' } },
      { all: { primary: '#00AA55' }, groups: { stepper: { primary: '#123456' } } },
    );
    const vars = themeVariables(theme);
    expect(vars['--header-background']).toBe('#2E2A27');
    expect(vars['--body-primary']).toBe('#00AA55');
    expect(vars['--stepper-primary']).toBe('#123456');
  });

  it('keeps button labels and links readable whatever the primary colour', () => {
    fc.assert(
      fc.property(hex, hex, (primary, background) => {
        const vars = themeVariables(resolveTheme({ body: { primary, background } }));
        const strong = vars['--body-primary-strong']!;
        expect(contrast(strong, vars['--body-on-primary']!)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(vars['--body-error-text']!, background)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(vars['--body-text']!, background)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  // On a light page, every surface is light and dark enough text reads on all of them; on a
  // mid-tone page some surfaces sit either side of mid-grey and the page background wins.
  it('keeps secondary text readable on the primary tint (a date tile) of any light page', () => {
    fc.assert(
      fc.property(
        hex,
        hex,
        hex.filter((color) => luminance(color) >= 0.5),
        (primary, secondary, background) => {
          const vars = themeVariables(resolveTheme({ body: { primary, secondary, background } }));
          const onTint = contrast(vars['--body-secondary-text']!, vars['--body-primary-soft']!);
          expect(onTint).toBeGreaterThanOrEqual(4.5);
        },
      ),
    );
  });

  it('picks the readable label colour, white on buttons whenever it reads', () => {
    expect(readableOn('#FFFFFF')).toBe('#000000');
    expect(readableOn('#102A43')).toBe('#FFFFFF');
    expect(readableOn('#008844')).toBe('#000000');
    expect(labelOn('#008844')).toBe('#FFFFFF');
    expect(labelOn('#F2C94C')).toBe('#000000');
  });
});
