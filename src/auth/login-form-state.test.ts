import { describe, expect, it } from 'vitest';
import { initialLoginFormState, loginFieldErrors, loginFormMarks, loginFormReducer, showsFieldError, type LoginFormAction, type LoginFormState } from './login-form-state';

function run(actions: LoginFormAction[], start: LoginFormState = initialLoginFormState()): LoginFormState {
  return actions.reduce(loginFormReducer, start);
}

describe('login form state', () => {
  it('requires username and password', () => {
    expect(loginFieldErrors({ username: ' ', password: '' })).toEqual(['username', 'password']);
    expect(loginFieldErrors({ username: 'anna', password: 'x' })).toEqual([]);
  });

  it('shows no errors on a fresh form, and marks it validated and invalid after an empty submit', () => {
    const fresh = initialLoginFormState();
    expect(loginFormMarks(fresh)).toEqual({ validated: false, invalid: false });
    const refused = run([{ type: 'submit-refused' }]);
    expect(loginFormMarks(refused)).toEqual({ validated: true, invalid: true });
    expect(refused.failedAttempts).toBe(1);
    expect(run([{ type: 'submit-refused' }, { type: 'submit-refused' }]).failedAttempts).toBe(2);
  });

  it('marks a field invalid as soon as it is edited into an invalid value', () => {
    const state = run([
      { type: 'edit', field: 'username', value: 'a' },
      { type: 'edit', field: 'username', value: '' },
    ]);
    expect(showsFieldError(state, 'username')).toBe(true);
    expect(showsFieldError(state, 'password')).toBe(false);
    expect(loginFormMarks(state)).toEqual({ validated: false, invalid: true });
  });

  it('resets validation when a valid submit starts and is busy until the answer', () => {
    const started = run([{ type: 'submit-refused' }, { type: 'edit', field: 'username', value: 'anna' }, { type: 'edit', field: 'password', value: 'pw' }, { type: 'submit-started' }]);
    expect(started.busy).toBe(true);
    expect(started.validated).toBe(false);
    expect(run([{ type: 'submit-succeeded' }], started).busy).toBe(false);
  });

  it('keeps the server message until the credentials change, counts the failure and shakes again', () => {
    const failed = run([
      { type: 'edit', field: 'username', value: 'anna' },
      { type: 'edit', field: 'password', value: 'wrong' },
      { type: 'submit-started' },
      { type: 'submit-failed', failure: { message: 'Invalid username or password', code: '40102' } },
    ]);
    expect(failed).toMatchObject({ busy: false, failedAttempts: 1, shakes: 1, serverError: { code: '40102' } });
    expect(run([{ type: 'remember', value: true }], failed).serverError).toBeDefined();
    expect(run([{ type: 'edit', field: 'password', value: 'wrong' }], failed).serverError).toBeDefined();
    expect(run([{ type: 'edit', field: 'password', value: 'wrong2' }], failed).serverError).toBeUndefined();
    const again = run([{ type: 'submit-started' }, { type: 'submit-failed', failure: { message: 'no' } }], failed);
    expect(again.shakes).toBe(2);
    expect(again.failedAttempts).toBe(2);
  });
});
