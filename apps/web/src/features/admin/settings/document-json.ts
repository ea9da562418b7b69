/** Reading the configuration document (plain JSON the server sent) without trusting its shape. */

export type Json = Record<string, unknown>;

export const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
export const listOf = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.map((item) => objectOr(item)).filter((item): item is Json => item !== null)
    : [];
/** Items the editors show: deleted ones stay in the document as they are. */
export const shown = (items: Json[]) => items.filter((item) => item.deleted !== true);
