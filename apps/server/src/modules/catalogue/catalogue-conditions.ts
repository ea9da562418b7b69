/**
 * The verification conditions of a catalogue list (docs/api.md "Groups and catalogue"): each
 * names a field, `=` one value or `in` several; they are ANDed. The query schema in http/query.ts
 * parses them into this shape.
 */
export interface Condition {
  field: 'id' | 'externid';
  op: '=' | 'in';
  value: string | string[];
}

/** The values a condition matches: `=` takes one value, `in` a list (array or comma-separated). */
export function conditionValues(c: Condition): string[] {
  const list = Array.isArray(c.value) ? c.value : c.op === 'in' ? c.value.split(',') : [c.value];
  return list.map((v) => v.trim()).filter(Boolean);
}
