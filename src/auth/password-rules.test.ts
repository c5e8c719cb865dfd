import { describe, expect, it } from 'vitest';
import { newPasswordProblems } from './password-rules';

describe('newPasswordProblems', () => {
  it('requires a password of the minimum length, repeated exactly', () => {
    expect(newPasswordProblems('', '', 8)).toEqual({ password: 'required' });
    expect(newPasswordProblems('short', 'short', 8)).toEqual({ password: 'too-short' });
    expect(newPasswordProblems('long enough', 'long enoug', 8)).toEqual({ confirmation: 'mismatch' });
    expect(newPasswordProblems('long enough', 'long enough', 8)).toEqual({});
    expect(newPasswordProblems('12345678', '12345678', 8)).toEqual({});
  });
});
