/**
 * The set-up every settings editor shares (docs/back-office.md "Settings"): its draft with the leave
 * warning (use-form-draft.ts); the problems of a save attempt — the browser's own checks first, then
 * the server's 422 sorted onto the form's fields and the rest (server-problems.ts) — with the focus on
 * the first field named (use-field-focus.ts); and the submit, which sends the whole document
 * (send-document.ts) and gives the save bar its words for a 409 or a 422 (useSaveFailure). Each form
 * says how its draft is made, sent and checked, and which field a server's problem is.
 */
import { type FormEvent, useState } from 'react';
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { type EditorFormProps, useSaveFailure } from './ConfigurationEditor.tsx';
import { sendDocument } from './send-document.ts';
import { useFieldFocus } from './use-field-focus.ts';
import { useFormDraft } from './use-form-draft.ts';

/** Problems as a form's checks name them: fields, fields with their reason, or a map of both. */
export type FoundProblems<F, R> = ReadonlyMap<F, R> | readonly F[] | readonly { field: F; reason: R }[];

/** The problems by field, in the order found; a field named alone has the reason `true`. */
export function problemMap<F extends string, R>(found: FoundProblems<F, R>): Map<F, R> {
  if (found instanceof Map) return new Map(found);
  return new Map(
    (found as readonly (F | { field: F; reason: R })[]).map((item): [F, R] =>
      typeof item === 'string' ? [item, true as R] : [item.field, item.reason],
    ),
  );
}

/**
 * The hook's second argument: when the save bar says that the browser refused the save
 * (admin.settings.errors.invalidLocal): until the next edit; while a field the refusal marked still
 * shows its problem; after a first attempt, as long as the draft has problems (they then show live
 * on their fields, beside the server's); or never (the fields alone say it).
 */
export type LocalMessage = 'untilEdit' | 'whileMarked' | 'live' | 'never';

export interface EditorFormOptions<D, F extends string, R> {
  /** The draft, made once from the document read. */
  draftOf: (document: ConfigurationDocument) => D;
  /** The whole document a save sends for the draft. */
  documentWith: (document: ConfigurationDocument, draft: D) => ConfigurationDocument;
  /** The problems the browser finds in the draft; any stops the save. */
  localProblems: (draft: D) => FoundProblems<F, R>;
  /** A 422's problems: those on the form's fields, and the rest as the server wrote them. */
  sortProblems: (
    problems: readonly string[],
    sent: ConfigurationDocument,
    draft: D,
  ) => { fields: FoundProblems<F, R>; other: readonly string[] };
  /** The key the focus goes to for the first problem (by default the field's own). */
  focusOf?: (field: F, reason: R) => string;
  /** Edits the form keeps outside this draft, so that leaving asks first. */
  otherEdits?: boolean;
  /** Called with a 422's fields before they show (the places form takes back what the server kept). */
  onRefused?: (fields: ReadonlyMap<F, R>, read: D) => void;
}

const NONE: ReadonlyMap<never, never> = new Map<never, never>();

export function useEditorForm<D, F extends string, R = true>(
  { version, document, save, onSaved, onEdit, onReload }: EditorFormProps,
  mode: LocalMessage,
  options: EditorFormOptions<D, F, R>,
) {
  const { t } = usePart('admin');
  const [draft, setDraft, read] = useFormDraft(document, options.draftOf, save, options.otherEdits);
  const { register, focusNext } = useFieldFocus();
  /** What the last attempt marked: the browser's problems or the server's (live: the server's only). */
  const [marked, setMarked] = useState<ReadonlyMap<F, R>>(NONE);
  const [others, setOthers] = useState<readonly string[]>([]);
  const [refused, setRefused] = useState(false);
  const [tried, setTried] = useState(false);
  const live: ReadonlyMap<F, R> = mode === 'live' ? problemMap(options.localProblems(draft)) : NONE;
  // After a first attempt the browser's own problems show live, before the server's.
  const shown =
    tried && live.size > 0 ? new Map([...live, ...[...marked].filter(([f]) => !live.has(f))]) : marked;

  const show = (found: ReadonlyMap<F, R>, elsewhere: readonly string[], browser: boolean) => {
    // A new map each time: the render that moves the focus runs even when nothing else changed.
    setMarked(browser && mode === 'live' ? new Map() : new Map(found));
    setOthers(elsewhere);
    setRefused(browser);
    const [first] = found;
    focusNext.current = first ? (options.focusOf?.(first[0], first[1]) ?? first[0]) : null;
  };
  const without = (gone: (field: F) => boolean) =>
    setMarked((current) =>
      [...current.keys()].some(gone) ? new Map([...current].filter(([field]) => !gone(field))) : current,
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setTried(true);
    const found = mode === 'live' ? live : problemMap(options.localProblems(draft));
    if (found.size > 0) return show(found, [], true);
    show(NONE, [], false);
    const sent = options.documentWith(document, draft);
    sendDocument(save, sent, version, onSaved, (problems) => {
      const sorted = options.sortProblems(problems, sent, draft);
      const fields = problemMap(sorted.fields);
      options.onRefused?.(fields, read);
      show(fields, sorted.other, false);
    });
  };

  const failure = useSaveFailure(save, marked.size > 0);
  const browserRefused =
    mode === 'untilEdit'
      ? refused
      : mode === 'whileMarked'
        ? refused && marked.size > 0
        : mode === 'live' && tried && live.size > 0;
  return {
    draft,
    setDraft,
    /** The draft as read, before any edit. */
    read,
    register,
    focusNext,
    /** The fields showing a problem. */
    invalid: [...shown.keys()],
    /** A field's problem, or undefined. */
    problemOf: (field: F): R | undefined => shown.get(field),
    /** The server's problems no field shows. */
    others,
    /** Tells the editor frame of an edit (the last answer no longer applies). */
    edited: () => {
      onEdit();
      if (mode === 'untilEdit') setRefused(false);
    },
    /** These fields were edited: their problems no longer apply. */
    fixed: (...fields: F[]) => without((field) => fields.includes(field)),
    /** A removed row's problems go with it (its fields' keys start with `prefix`). */
    forget: (prefix: string) => without((field) => field.startsWith(prefix)),
    submit,
    saving: save.isPending,
    /** The props of the form's SaveBar. */
    saveBar: {
      save,
      version,
      failure,
      others,
      localMessage: browserRefused ? t('admin.settings.errors.invalidLocal') : null,
      onReload,
    },
  };
}
