/**
 * The API answers the server wrote into the page's first HTML (docs/web-app.md "First paint";
 * apps/server/src/web/page-answers.ts): the group's configuration and an anonymous session. The
 * first call of each takes its answer from there instead of waiting for a round trip that would
 * start only once the entry script runs; every later call asks the server, so a refresh is real.
 */
import { EARLY_ANSWERS_ELEMENT_ID, earlyAnswerKey } from '@creneau/contract/early-answers';

let answers: Map<string, unknown> | undefined;

function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = document.getElementById(EARLY_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    for (const [key, body] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      answers.set(key, body);
    }
  } catch {
    // Unreadable: every call asks the server, as without the answers.
  }
  return answers;
}

/** The page's answer to `GET {path}?{query}` (path below /api), once; undefined when it has none. */
export function takeEarlyAnswer(path: string, query: string): { body: unknown } | undefined {
  const all = pageAnswers();
  const key = earlyAnswerKey(path, new URLSearchParams(query));
  if (!all.has(key)) return undefined;
  const body = all.get(key);
  all.delete(key);
  return { body };
}

/** Forgets the answers read (tests: each starts from its own page). */
export function resetEarlyAnswers(): void {
  answers = undefined;
}
