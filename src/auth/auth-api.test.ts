import { describe, expect, it, vi } from 'vitest';

// What the exchange sends: the calls are recorded instead of made.
const calls: { url: string; headers?: Record<string, string> }[] = [];
vi.mock('../lib/api/api-client', () => ({
  apiCall: async (url: string, options: { headers?: Record<string, string> }) => {
    calls.push({ url, headers: options.headers });
    return { data: { access_token: 'token', token_type: 'Bearer', expires_in: 60 } };
  },
}));
const { basicAuthorization, sessionBackend } = await import('./auth-api');

describe('basicAuthorization', () => {
  it('encodes username:password as UTF-8 base64', () => {
    expect(basicAuthorization('admin', 'secret')).toBe(`Basic ${Buffer.from('admin:secret').toString('base64')}`);
    expect(basicAuthorization('jürgen', 'pässword:x')).toBe(`Basic ${Buffer.from('jürgen:pässword:x', 'utf8').toString('base64')}`);
  });
});

describe('the provider exchange', () => {
  it('sends a code as X-Mate-Second-Factor and a passkey answer as X-Mate-Passkey', async () => {
    calls.length = 0;
    await sessionBackend.exchangeProviderToken!('directory', 'id-token', '123456');
    await sessionBackend.exchangeProviderToken!('directory', 'id-token', { passkey: 'eyJpZCI6IngifQ' });
    await sessionBackend.exchangeProviderToken!('google', 'id-token');
    expect(calls.map((call) => call.headers)).toEqual([{ 'X-Mate-Second-Factor': '123456' }, { 'X-Mate-Passkey': 'eyJpZCI6IngifQ' }, {}]);
    expect(calls.every((call) => call.url === '/api/v1-pub/aad-auth/token.json')).toBe(true);
  });
});
