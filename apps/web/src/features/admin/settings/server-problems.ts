/**
 * The server answers a refused save with 422 and `problems`, each "path: message" (docs/back-office.md
 * "Settings"). Every settings form shows those it can on its own fields and lists the rest: this is
 * the sorting they share; each form says which field a path is.
 */

/** "settings.rules.min_notice_minutes: too small" → its path and its message. */
export function splitProblem(problem: string): { path: string; message: string } {
  const [path = '', ...rest] = problem.split(/:\s/);
  return { path, message: rest.join(': ') };
}

/** The path without the JSON path's root mark ("$.settings…" → "settings…"). */
export const withoutRoot = (path: string) => path.replace(/^\$\./, '');

/**
 * The problems the form shows on a field — `fieldOf` names it, or undefined — and the rest. A field
 * is named once, for its first problem (`sameField` says when two are one field; by default, equal
 * values); `rank`, when given, orders them as the form shows its fields, else they come as found.
 */
export function sortProblemsBy<F>(
  problems: readonly string[],
  fieldOf: (path: string, message: string, problem: string) => F | undefined,
  options: { sameField?: (a: F, b: F) => boolean; rank?: (field: F) => number } = {},
): { fields: F[]; other: string[] } {
  const same = options.sameField ?? ((a: F, b: F) => a === b);
  const fields: F[] = [];
  const other: string[] = [];
  for (const problem of problems) {
    const { path, message } = splitProblem(problem);
    const field = fieldOf(path, message, problem);
    if (field === undefined) other.push(problem);
    else if (!fields.some((known) => same(known, field))) fields.push(field);
  }
  const { rank } = options;
  return { fields: rank ? [...fields].sort((a, b) => rank(a) - rank(b)) : fields, other };
}
