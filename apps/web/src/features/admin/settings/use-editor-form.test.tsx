// @vitest-environment jsdom
/**
 * The settings editors' shared set-up (use-editor-form.ts) on a two-field editor with a fake save:
 * the browser's own refusal, a 422's problems on their fields with the focus on the first, a 409's
 * reload offer, what is sent, the leave warning, and when the "correct the marked fields" line goes.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConfigurationDocument, SavedConfiguration } from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import { loadAdminTexts } from '../../../i18n/admin-texts.ts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { QueryClient, QueryClientProvider, useMutation } from '../../../query/query.ts';
import { SaveBar } from './ConfigurationEditor.tsx';
import { sortProblemsBy, withoutRoot } from './server-problems.ts';
import { type LocalMessage, problemMap, useEditorForm } from './use-editor-form.ts';

type Field = 'name' | 'phone';
type Draft = Record<Field, string>;
type Sent = { document: ConfigurationDocument; based_on: number };

const DOCUMENT = { name: 'Atelier', settings: { phone: '0102030405' } } as unknown as ConfigurationDocument;
const PATHS: Record<string, Field> = { name: 'name', 'settings.phone': 'phone' };
const SAVED = { version: 8, changes: [], stranded: [] } as unknown as SavedConfiguration;

function Editor({
  send,
  mode,
  onSaved = () => {},
  onEdit = () => {},
  onReload = () => {},
}: {
  send: (body: Sent) => Promise<SavedConfiguration>;
  mode: LocalMessage;
  onSaved?: (saved: SavedConfiguration) => void;
  onEdit?: () => void;
  onReload?: () => void;
}) {
  const save = useMutation({ mutationFn: send });
  const form = useEditorForm({ version: 7, document: DOCUMENT, save, onSaved, onEdit, onReload }, mode, {
    draftOf: (document): Draft => ({
      name: String(document.name),
      phone: String((document.settings as { phone: string }).phone),
    }),
    documentWith: (document, draft) => ({
      ...document,
      name: draft.name,
      settings: { ...(document.settings as object), phone: draft.phone },
    }),
    // The phone is checked by the browser only in the live mode.
    localProblems: (draft) => [
      ...(draft.name.trim() === '' ? (['name'] as const) : []),
      ...(mode === 'live' && /[a-z]/i.test(draft.phone) ? (['phone'] as const) : []),
    ],
    sortProblems: (problems) => sortProblemsBy(problems, (path) => PATHS[withoutRoot(path)]),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      {(['name', 'phone'] as const).map((field) => (
        <input
          key={field}
          aria-label={field}
          ref={form.register(field)}
          aria-invalid={form.problemOf(field) ? true : undefined}
          value={form.draft[field]}
          onChange={(event) => {
            form.edited();
            form.setDraft((current) => ({ ...current, [field]: event.target.value }));
            form.fixed(field);
          }}
        />
      ))}
      <SaveBar {...form.saveBar} />
    </form>
  );
}

function open(props: Parameters<typeof Editor>[0], key = 'first') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
  const view = render(wrap(<Editor key={key} {...props} />));
  return {
    rerender: (next: typeof props, nextKey: string) =>
      view.rerender(wrap(<Editor key={nextKey} {...next} />)),
  };
}

const refusal = (status: number, problems: string[] = []) =>
  new ApiError(status, status === 409 ? 'conflict' : 'invalid', { message: 'refused', problems });

/** Whether leaving the page now asks first (useLeaveWarning). */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeAll(async () => {
  await changeLanguage('en');
  await loadAdminTexts();
});
afterEach(() => vi.restoreAllMocks());

describe('problemMap', () => {
  it('reads fields alone, fields with their reason and maps, in the order found', () => {
    expect([...problemMap(['b', 'a'])]).toEqual([
      ['b', true],
      ['a', true],
    ]);
    expect([...problemMap([{ field: 'x', reason: 'name' }])]).toEqual([['x', 'name']]);
    const map = new Map([['y', 'range']]);
    expect(problemMap(map)).not.toBe(map);
    expect([...problemMap(map)]).toEqual([['y', 'range']]);
  });
});

describe('useEditorForm', () => {
  it('sends the whole document based on the version read, and hands the answer on', async () => {
    const send = vi.fn(async (_body: Sent) => SAVED);
    const onSaved = vi.fn();
    open({ send, mode: 'whileMarked', onSaved });
    await userEvent.clear(screen.getByLabelText('phone'));
    await userEvent.type(screen.getByLabelText('phone'), '0611');
    await userEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(onSaved.mock.calls[0]?.[0]).toBe(SAVED));
    expect(send.mock.calls[0]?.[0]).toEqual({
      document: { name: 'Atelier', settings: { phone: '0611' } },
      based_on: 7,
    });
  });

  it("puts a 422's problems on their fields, focuses the first and lists the rest", async () => {
    const send = vi.fn(async () => {
      throw refusal(422, ['$.settings.phone: too short', '$.name: taken', '$.calendars[0]: unknown']);
    });
    open({ send, mode: 'whileMarked' });
    await userEvent.click(screen.getByTestId('settings-save'));
    const error = await screen.findByTestId('settings-error');
    expect(error.textContent).toContain('see the marked fields');
    expect(error.textContent).toContain('$.calendars[0]: unknown');
    expect(error.textContent).not.toContain('too short');
    expect(screen.getByLabelText('phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('phone')));
  });

  it('clears a field’s problem when it is edited, and tells the frame of the edit', async () => {
    const send = vi.fn(async () => {
      throw refusal(422, ['$.name: taken', '$.settings.phone: too short']);
    });
    const onEdit = vi.fn();
    open({ send, mode: 'whileMarked', onEdit });
    await userEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-error');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('name')));
    await userEvent.type(screen.getByLabelText('name'), 's');
    expect(onEdit).toHaveBeenCalled();
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('phone').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to load the latest version after a 409', async () => {
    const send = vi.fn(async () => {
      throw refusal(409);
    });
    const onReload = vi.fn();
    open({ send, mode: 'whileMarked', onReload });
    await userEvent.click(screen.getByTestId('settings-save'));
    const error = await screen.findByTestId('settings-error');
    expect(error.textContent).toContain('Someone else saved the configuration');
    await userEvent.click(screen.getByTestId('settings-reload'));
    expect(onReload).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses in the browser first: nothing is sent and the focus goes to the field', async () => {
    const send = vi.fn(async () => SAVED);
    open({ send, mode: 'whileMarked' });
    await userEvent.clear(screen.getByLabelText('name'));
    await userEvent.click(screen.getByTestId('settings-save'));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByTestId('settings-error').textContent).toContain('Some entries need correcting');
    expect(document.activeElement).toBe(screen.getByLabelText('name'));
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    // mode, after another field's edit, after the marked field's fix
    ['untilEdit', false, false],
    ['whileMarked', true, false],
    ['never', false, false],
  ] as const)(
    "in the %s mode the browser's refusal is still told after another field's edit: %s",
    async (mode, other, fixed) => {
      open({ send: vi.fn(async () => SAVED), mode });
      await userEvent.clear(screen.getByLabelText('name'));
      await userEvent.click(screen.getByTestId('settings-save'));
      expect(screen.queryByText(/Some entries need correcting/) !== null).toBe(mode !== 'never');
      await userEvent.type(screen.getByLabelText('phone'), '6');
      expect(screen.queryByText(/Some entries need correcting/) !== null).toBe(other);
      await userEvent.type(screen.getByLabelText('name'), 'A');
      expect(screen.queryByText(/Some entries need correcting/) !== null).toBe(fixed);
    },
  );

  it('in the live mode shows the browser’s problems as they are typed after a first attempt', async () => {
    const send = vi.fn(async () => SAVED);
    open({ send, mode: 'live' });
    await userEvent.type(screen.getByLabelText('phone'), 'x');
    // Not before a first attempt.
    expect(screen.getByLabelText('phone').getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(screen.getByTestId('settings-save'));
    expect(send).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('phone'));
    await userEvent.clear(screen.getByLabelText('name'));
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('name'), 'B');
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('settings-error').textContent).toContain('Some entries need correcting');
    await userEvent.type(screen.getByLabelText('phone'), '{Backspace}');
    expect(screen.queryByTestId('settings-error')).toBeNull();
  });

  it('warns before leaving while edited, not while the save is on its way nor once saved', async () => {
    let answer: (saved: SavedConfiguration) => void = () => {};
    const send = vi.fn(() => new Promise<SavedConfiguration>((resolve) => (answer = resolve)));
    const onSaved = vi.fn();
    const props = { send, mode: 'whileMarked' as const, onSaved };
    const view = open(props);
    expect(leavingAsks()).toBe(false);
    await userEvent.type(screen.getByLabelText('name'), '!');
    expect(leavingAsks()).toBe(true);
    await userEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('settings-save').textContent).toMatch(/Saving/));
    expect(leavingAsks()).toBe(false);
    await act(async () => answer(SAVED));
    expect(onSaved.mock.calls[0]?.[0]).toBe(SAVED);
    // The frame starts the form again from the saved document (ConfigurationEditor's key).
    view.rerender(props, 'saved');
    expect(leavingAsks()).toBe(false);
  });
});
