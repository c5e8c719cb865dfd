/** The sign-in form's state machine of spec 1 §4 "Login form", kept pure so its rules are unit-tested. */
export interface LoginFormState {
  username: string;
  password: string;
  remember: boolean;
  /** Set by a submit attempt: from then on every missing field shows its error. */
  validated: boolean;
  /** Fields edited since the last reset; an edited field that is invalid shows its error at once. */
  touched: { username: boolean; password: boolean };
  busy: boolean;
  /** Submits refused by validation or by the server. */
  failedAttempts: number;
  /** The server's answer to the last attempt, shown under the button until the credentials change. */
  serverError?: LoginFailure;
  /** Grows with every server refusal, so the button's shake replays each time. */
  shakes: number;
}

export interface LoginFailure {
  message: string;
  code?: string;
  status?: number;
  /** How long the server asks to wait (a sign-in back-off or throttle), in seconds. */
  retryAfterSeconds?: number;
  /**
   * With 40106: whether the server wants the code of an app the user has ('code'), its set-up first ('enrol'), or a
   * passkey (the user has no app, only passkeys).
   */
  secondFactor?: 'code' | 'enrol' | 'passkey';
  /** With 40106: the user has a passkey, offered beside the code. */
  passkey?: boolean;
}

export type LoginFormAction =
  | { type: 'edit'; field: 'username' | 'password'; value: string }
  | { type: 'remember'; value: boolean }
  | { type: 'submit-refused' }
  | { type: 'submit-started' }
  | { type: 'submit-failed'; failure: LoginFailure }
  | { type: 'submit-succeeded' }
  /** The password was right and the server asks for a second factor (40106): the password stays for the next step. */
  | { type: 'second-factor-asked' }
  /** The code of the second factor was edited: the server's last answer is stale. */
  | { type: 'code-edited' };

export type LoginField = 'username' | 'password';

export function initialLoginFormState(username = '', remember = false): LoginFormState {
  return { username, password: '', remember, validated: false, touched: { username: false, password: false }, busy: false, failedAttempts: 0, shakes: 0 };
}

/** The fields that fail the login rules of spec 1 §5 (both required). */
export function loginFieldErrors(state: Pick<LoginFormState, 'username' | 'password'>): LoginField[] {
  const missing: LoginField[] = [];
  if (!state.username.trim()) missing.push('username');
  if (!state.password) missing.push('password');
  return missing;
}

/** Whether a field shows its error now: after a submit attempt, or once it was edited. */
export function showsFieldError(state: LoginFormState, field: LoginField): boolean {
  return (state.validated || state.touched[field]) && loginFieldErrors(state).includes(field);
}

/** 'validated' after an attempt, 'invalid' when edited (or attempted) and invalid. */
export function loginFormMarks(state: LoginFormState): { validated: boolean; invalid: boolean } {
  return { validated: state.validated, invalid: showsFieldError(state, 'username') || showsFieldError(state, 'password') };
}

export function loginFormReducer(state: LoginFormState, action: LoginFormAction): LoginFormState {
  switch (action.type) {
    case 'edit':
      if (state[action.field] === action.value) return state;
      // Changed credentials make the server's last answer stale.
      return { ...state, [action.field]: action.value, touched: { ...state.touched, [action.field]: true }, serverError: undefined };
    case 'remember':
      return { ...state, remember: action.value };
    case 'submit-refused':
      return { ...state, validated: true, failedAttempts: state.failedAttempts + 1 };
    case 'submit-started':
      // Valid: validation is reset and the handler runs.
      return { ...state, validated: false, touched: { username: false, password: false }, busy: true, serverError: undefined };
    case 'submit-failed':
      return { ...state, busy: false, failedAttempts: state.failedAttempts + 1, serverError: action.failure, shakes: state.shakes + 1 };
    case 'submit-succeeded':
      return { ...state, busy: false, password: '' };
    case 'second-factor-asked':
      return { ...state, busy: false, serverError: undefined };
    case 'code-edited':
      return state.serverError === undefined ? state : { ...state, serverError: undefined };
  }
}
