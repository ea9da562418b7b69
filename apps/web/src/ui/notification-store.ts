/**
 * The notification bar's state (docs/requirements/accounts-and-appointments.md §2: a timed bar, 3 seconds). A notification is a message
 * key of the `messages.*` namespace (error keys of the spec such as expiredConnection) or, when the
 * server sent a sentence, that sentence.
 */
import { create } from 'zustand';

export const NOTIFICATION_MS = 3000;

export type NotificationTone = 'info' | 'success' | 'error';

export interface Notification {
  id: number;
  key: string;
  values?: Record<string, string | number> | undefined;
  tone: NotificationTone;
}

/** Keys that mean "the account must set a new password" (docs/requirements/accounts-and-appointments.md §8): they open /set_password. */
const PASSWORD_CHANGE_KEYS = new Set(['needPasswordChange', 'pwdMustBeChanged']);

interface NotificationState {
  current: Notification | null;
  /** Set by a password-change notification; the /set_password guard lets the visitor in only then. */
  passwordChangeRequested: boolean;
}

export const useNotificationStore = create<NotificationState>(() => ({
  current: null,
  passwordChangeRequested: false,
}));

let nextId = 1;

/** Shows a notification. */
export function notify(
  key: string,
  options: { tone?: NotificationTone; values?: Record<string, string | number> } = {},
): void {
  useNotificationStore.setState((state) => ({
    current: { id: nextId++, key, values: options.values, tone: options.tone ?? 'error' },
    passwordChangeRequested: state.passwordChangeRequested || PASSWORD_CHANGE_KEYS.has(key),
  }));
}

/** Hides the notification (the spec's "clear event"). */
export function clearNotification(): void {
  useNotificationStore.setState({ current: null });
}

/** Forgets the password-change request once the new password is set. */
export function clearPasswordChangeRequest(): void {
  useNotificationStore.setState({ passwordChangeRequested: false });
}
