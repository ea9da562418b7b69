/**
 * The booking sequence form over the configuration document (docs/group-configuration.md "The
 * booking sequence"): which steps customers go through and in what order, and per step "pick the
 * only choice", "no preference" and the services per booking. Read from `user_sequence_config`
 * (or `steps_init` when a group set one, which then decides the order), written back as one
 * `user_sequence_config` with every other part of the document untouched; each step keeps the
 * options the form does not show (its preposition). The server's problem paths come back to the
 * step they name.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { sortProblemsBy, withoutRoot } from './server-problems.ts';

export const STEP_NAMES = [
  'interventionset_ids',
  'intervention_ids',
  'calendarset_id',
  'calendar_id',
  'resource_id',
  'login',
] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** The steps that may offer "no preference" (docs/group-configuration.md: any calendar / any resource). */
export const ANY_STEPS: readonly StepName[] = ['calendar_id', 'resource_id'];
/** The step the booking pages always ask (step-list.ts adds it when missing). */
export const ALWAYS_STEP: StepName = 'intervention_ids';
export const MAX_SERVICES = 10;

export interface StepDraft {
  name: StepName;
  on: boolean;
  skip: boolean;
  any: boolean;
  /** Services per booking, on the services step: 1 … 10 as typed. */
  maxServices: string;
}

export type SequenceDraft = StepDraft[];
export type StepOption = 'on' | 'skip' | 'any' | 'maxServices';
export type SequenceField = `${StepName}:${StepOption}`;

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const isStep = (value: unknown): value is StepName => STEP_NAMES.includes(value as StepName);

/** The configured steps by name (the first of a name counts, as the booking pages count it). */
function configuredSteps(settings: Json): Map<StepName, Json> {
  const found = new Map<StepName, Json>();
  const list = Array.isArray(settings.user_sequence_config) ? settings.user_sequence_config : [];
  for (const item of list) {
    const step = objectOr(item);
    if (step && isStep(step.name) && !found.has(step.name)) found.set(step.name, step);
  }
  return found;
}

/** What the services step shows for a stored cap: the booking pages read none or 0 as one. */
const shownServices = (value: unknown) => String(Math.max(1, typeof value === 'number' ? value : 1));

export function draftOf(document: ConfigurationDocument): SequenceDraft {
  const settings = objectOr(document.settings) ?? {};
  const configured = configuredSteps(settings);
  const init = Array.isArray(settings.steps_init) ? settings.steps_init.filter(isStep) : [];
  const order = [...new Set(init.length > 0 ? init : [...configured.keys()])];
  const rest = STEP_NAMES.filter((name) => !order.includes(name));
  return [...order, ...rest].map((name) => {
    const step = configured.get(name);
    return {
      name,
      on: order.includes(name) || name === ALWAYS_STEP,
      skip: step?.skip_uniq_choice === true,
      any: step?.any === true,
      maxServices: shownServices(step?.max_multirdvs),
    };
  });
}

/** Moves the step at `index` by `delta` places, within the list. */
export function moveStep(draft: SequenceDraft, index: number, delta: number): SequenceDraft {
  const target = index + delta;
  if (index < 0 || index >= draft.length || target < 0 || target >= draft.length) return draft;
  const copy = [...draft];
  const [step] = copy.splice(index, 1);
  copy.splice(target, 0, step as StepDraft);
  return copy;
}

/** The cap a services step stands for; NaN when it is no whole number from 1 to MAX_SERVICES. */
export function servicesOf(text: string): number {
  const trimmed = text.trim();
  const value = /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return value >= 1 && value <= MAX_SERVICES ? value : Number.NaN;
}

/** The whole document with the draft's sequence written in; nothing else is touched. */
export function documentWith(document: ConfigurationDocument, draft: SequenceDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const settings: Json = { ...(objectOr(copy.settings) ?? {}) };
  const configured = configuredSteps(settings);
  settings.user_sequence_config = draft
    .filter((step) => step.on)
    .map((step) => {
      const kept: Json = { ...(configured.get(step.name) ?? {}), name: step.name };
      kept.skip_uniq_choice = step.skip;
      kept.any = step.any;
      if (step.name === 'intervention_ids') {
        const cap = servicesOf(step.maxServices);
        // An unchanged cap keeps its stored form (none, 0 or 1 all mean one service).
        if (String(cap) !== shownServices(kept.max_multirdvs)) kept.max_multirdvs = cap;
      }
      return kept;
    });
  // The list now holds the order; a steps_init left in place would override it.
  if (Array.isArray(settings.steps_init)) settings.steps_init = null;
  copy.settings = settings;
  return copy;
}

/** The checks the browser can make for sure; the server checks everything again. */
export function localProblems(draft: SequenceDraft): SequenceField[] {
  return draft
    .filter(
      (step) => step.on && step.name === 'intervention_ids' && Number.isNaN(servicesOf(step.maxServices)),
    )
    .map((step) => `${step.name}:maxServices` as const);
}

export interface SortedProblems {
  fields: SequenceField[];
  other: string[];
}

const OPTION_OF: Record<string, StepOption> = {
  name: 'on',
  skip_uniq_choice: 'skip',
  any: 'any',
  max_multirdvs: 'maxServices',
};

/**
 * Splits a 422's `problems` ("$.settings.user_sequence_config[1].max_multirdvs: …") into the
 * steps' fields and the rest; the index counts the steps turned on, in order, as they were sent.
 */
export function sortProblems(draft: SequenceDraft, problems: readonly string[]): SortedProblems {
  const sent = draft.filter((step) => step.on);
  return sortProblemsBy(problems, (path) => {
    const match = /^settings\.user_sequence_config\[(\d+)\](?:\.(\w+))?/.exec(withoutRoot(path));
    const step = match ? sent[Number(match[1])] : undefined;
    return step ? (`${step.name}:${OPTION_OF[match?.[2] ?? 'name'] ?? 'on'}` as SequenceField) : undefined;
  });
}
