import { describe, expect, it } from 'vitest';
import { afterRemoval } from './remove-passkey-dialog';

const factor = (enrolled: boolean, required: boolean) => ({ enrolled, required, recoveryCodesLeft: 0, passkeys: 1 });

describe('afterRemoval', () => {
  it('warns only when the last passkey is the only second factor', () => {
    expect(afterRemoval(1, factor(false, false))).toBe('none');
    expect(afterRemoval(1, factor(false, true))).toBe('required');
    expect(afterRemoval(2, factor(false, true))).toBe('kept');
    expect(afterRemoval(1, factor(true, true))).toBe('kept');
    // Not known yet: no warning rather than a wrong one.
    expect(afterRemoval(1, undefined)).toBe('kept');
  });
});
