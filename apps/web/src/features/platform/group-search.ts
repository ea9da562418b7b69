/**
 * Whether a group matches the platform page's search: every word of the query is found in its
 * name or url name, ignoring case and accents ("cafe" finds "Café des Arts").
 */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en');

export function matchesGroup(group: { name: string; urlname: string }, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const haystack = `${fold(group.name)} ${fold(group.urlname)}`;
  return words.every((word) => haystack.includes(word));
}
