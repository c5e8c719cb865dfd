import { ApiRequestError } from '../lib/api/api-error';
import type { LoginFailure } from './login-form-state';

/** The sign-in codes of spec 1 §8. */
export type SignInCodeKind = 'invalid-credentials' | 'locked-out' | 'disabled' | 'disabled-limit' | 'second-factor-required' | 'wrong-code' | 'passkey-refused' | 'throttled' | 'other';

/** What a 5-digit code (or a 429) means; locked out and disabled get the user-lock icon. */
export function signInCodeKind(failure: Pick<LoginFailure, 'code' | 'status'>): SignInCodeKind {
  switch (failure.code) {
    case '40101':
    case '40102':
      return 'invalid-credentials';
    case '40103':
      return 'locked-out';
    case '40104':
      return 'disabled';
    case '40105':
      return 'disabled-limit';
    case '40106':
      return 'second-factor-required';
    case '40107':
      return 'wrong-code';
    case '40108':
      return 'passkey-refused';
  }
  return failure.status === 429 ? 'throttled' : 'other';
}

/** Whether the failure shows the user-lock icon (40103, 40104). */
export function showsUserLockIcon(failure: Pick<LoginFailure, 'code' | 'status'>): boolean {
  const kind = signInCodeKind(failure);
  return kind === 'locked-out' || kind === 'disabled';
}

/** Any error of a sign-in call, in the shape the form shows. */
export function toLoginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiRequestError) {
    const wait = error.body.retryAfterSeconds;
    const step = error.body.secondFactor;
    const failure: LoginFailure = {
      message: error.message,
      code: error.code,
      status: error.status,
      ...(step === 'code' || step === 'enrol' || step === 'passkey' ? { secondFactor: step } : {}),
      ...(error.body.passkey === true ? { passkey: true } : {}),
    };
    return typeof wait === 'number' && Number.isFinite(wait) && wait > 0 ? { ...failure, retryAfterSeconds: Math.ceil(wait) } : failure;
  }
  return { message: error instanceof Error ? error.message : String(error) };
}
