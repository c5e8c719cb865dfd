import { describe, expect, it } from 'vitest';
import { parseApiError } from '../lib/api/api-error';
import { showsUserLockIcon, signInCodeKind, toLoginFailure } from './sign-in-failure';

describe('sign-in failures', () => {
  it('reads the 5-digit code from the status text of the answer', () => {
    const error = parseApiError({
      status: 401,
      statusText: 'Unauthorized [40103]',
      body: { status: 401, message: 'Locked for 5 minutes', error_code: '40103' },
      method: 'GET',
      url: '/api/v1-pub/auth/user/token.json',
    });
    const failure = toLoginFailure(error);
    expect(failure).toEqual({ message: 'Locked for 5 minutes', code: '40103', status: 401 });
    expect(signInCodeKind(failure)).toBe('locked-out');
    expect(showsUserLockIcon(failure)).toBe(true);
  });

  it('keeps the seconds a back-off asks to wait', () => {
    const body = { status: 401, message: 'Too many failed sign-ins: try again in 3 seconds', error_code: '40103', retryAfterSeconds: 3 };
    const error = parseApiError({ status: 401, statusText: 'Unauthorized [40103]', body, method: 'POST', url: '/token' });
    expect(toLoginFailure(error)).toEqual({ message: body.message, code: '40103', status: 401, retryAfterSeconds: 3 });
    const nonsense = parseApiError({ status: 401, statusText: 'Unauthorized [40103]', body: { ...body, retryAfterSeconds: 'soon' }, method: 'POST', url: '/token' });
    expect(toLoginFailure(nonsense).retryAfterSeconds).toBeUndefined();
  });

  it('maps every code of spec 1 §8', () => {
    expect(signInCodeKind({ code: '40101' })).toBe('invalid-credentials');
    expect(signInCodeKind({ code: '40102' })).toBe('invalid-credentials');
    expect(signInCodeKind({ code: '40104' })).toBe('disabled');
    expect(signInCodeKind({ code: '40105' })).toBe('disabled-limit');
    expect(signInCodeKind({ code: '40107' })).toBe('wrong-code');
    expect(signInCodeKind({ code: '40108' })).toBe('passkey-refused');
    expect(signInCodeKind({ status: 429 })).toBe('throttled');
    expect(signInCodeKind({ status: 500 })).toBe('other');
  });

  it('reads which second factor 40106 asks for, and whether a passkey is offered beside the code', () => {
    const asked = (extra: object) =>
      toLoginFailure(parseApiError({ status: 401, statusText: 'Unauthorized [40106]', body: { status: 401, message: 'Enter', error_code: '40106', ...extra }, method: 'GET', url: '/token' }));
    expect(asked({ secondFactor: 'code', passkey: true })).toMatchObject({ secondFactor: 'code', passkey: true });
    expect(asked({ secondFactor: 'passkey', passkey: true })).toMatchObject({ secondFactor: 'passkey', passkey: true });
    expect(asked({ secondFactor: 'code', passkey: false }).passkey).toBeUndefined();
    expect(asked({ secondFactor: 'sms' }).secondFactor).toBeUndefined();
  });

  it('shows the user-lock icon only for locked out and disabled', () => {
    expect(['40101', '40102', '40103', '40104', '40105'].filter((code) => showsUserLockIcon({ code }))).toEqual(['40103', '40104']);
  });

  it('keeps the message of errors that are not API answers', () => {
    expect(toLoginFailure(new Error('boom'))).toEqual({ message: 'boom' });
  });
});
