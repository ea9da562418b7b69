/**
 * The state of a "new password + confirmation" pair (docs/requirements/accounts-and-appointments.md §5): the rules' checklist, the
 * confirmation rule, and whether saving is allowed — neither may have an error.
 */
import {
  checkPassword,
  type PasswordCheck,
  validatePasswordConfirmation,
} from '@creneau/core/validation/password';
import { PASSWORD_INPUT_CAP } from './password-cap.ts';

export interface NewPasswordState {
  check: PasswordCheck;
  /** The password's own error key (passwordRules) when a rule fails. */
  passwordError: 'passwordRules' | null;
  /** passwordConfirm when the confirmation is shorter than 10 or differs. */
  confirmError: 'passwordConfirm' | null;
  /** Both valid: the save button may be used. */
  valid: boolean;
}

/** Evaluates a new password and its confirmation against the rules and the account's e-mail. */
export function newPasswordState(
  password: string,
  confirmation: string,
  email: string | null | undefined,
): NewPasswordState {
  const check = checkPassword(password, email);
  const overCap = [...password].length > PASSWORD_INPUT_CAP;
  const passwordError = check.valid && !overCap ? null : 'passwordRules';
  const confirmError = validatePasswordConfirmation(password, confirmation);
  return { check, passwordError, confirmError, valid: passwordError === null && confirmError === null };
}
