/** Input caps of the password fields (docs/requirements/accounts-and-appointments.md §5, §9). */

/** "Password inputs cap at 20 characters": every new password is chosen within it. */
export const PASSWORD_INPUT_CAP = 20;
/**
 * Passwords typed to log in or to prove the current one may predate the cap (set through the API,
 * an import): those inputs accept what the server accepts, so the form locks nobody out.
 */
export const PASSWORD_LOGIN_CAP = 128;
