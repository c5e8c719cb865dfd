import { describe, expect, it } from 'vitest';
import { basicAuthorization } from './auth-api';

describe('basicAuthorization', () => {
  it('encodes username:password as UTF-8 base64', () => {
    expect(basicAuthorization('admin', 'secret')).toBe(`Basic ${Buffer.from('admin:secret').toString('base64')}`);
    expect(basicAuthorization('jürgen', 'pässword:x')).toBe(`Basic ${Buffer.from('jürgen:pässword:x', 'utf8').toString('base64')}`);
  });
});
