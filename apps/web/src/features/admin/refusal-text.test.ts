import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal-text.ts';

describe('refusalText', () => {
  const t = (key: string, values?: Record<string, string | number>) =>
    values ? `${key} ${JSON.stringify(values)}` : key;

  it("reads the back office's keys under admin and the core's as they are", () => {
    expect(refusalText(t, { key: 'walkin.errors.taken', field: 'time' })).toBe('admin.walkin.errors.taken');
    expect(refusalText(t, { key: 'booking.errors.max_rdv_number', core: true, values: { max: 2 } })).toBe(
      'booking.errors.max_rdv_number {"max":2}',
    );
  });

  it('has no text for no refusal', () => {
    expect(refusalText(t, undefined)).toBeNull();
  });
});
