import { vi } from 'vitest';
import { parseApiError } from '../../lib/api/api-error';
import { createSessionStore } from '../session-store';
import type { SessionBackend } from '../session-types';
import { fakeJwt } from './fake-jwt';
import { MemoryStorage } from './memory-storage';

/**
 * A store over a fake server: 'secret' is anna's password, 'locked' answers 40103 in the old wording (no seconds),
 * 'backoff' answers 40103 with `retryAfterSeconds: 4` as the server's back-off does, anything else 40102.
 */
export function fakeSessionStore(now: () => number = Date.now) {
  const backend: SessionBackend = {
    requestToken: vi.fn(async (username: string, password: string) => {
      if (password === 'secret') return { access_token: fakeJwt({ name: username, sub: '7', exp: Math.floor(now() / 1000) + 3600 }), token_type: 'Bearer', expires_in: 3600 };
      if (password === 'backoff') {
        const body = { status: 401, message: 'Too many failed sign-ins: try again in 4 seconds', error_code: '40103', retryAfterSeconds: 4 };
        throw parseApiError({ status: 401, statusText: 'Unauthorized [40103]', body, method: 'GET', url: '/token' });
      }
      const code = password === 'locked' ? '40103' : '40102';
      const message = code === '40103' ? 'Locked for 5 minutes' : 'Invalid username or password';
      throw parseApiError({ status: 401, statusText: `Unauthorized [${code}]`, body: { status: 401, message, error_code: code }, method: 'GET', url: '/token' });
    }),
    fetchProfile: vi.fn(async () => ({ userOid: 7, username: 'anna', emailAddress: 'anna@example.com', rootTenantOid: 1, tenantOids: [1], primaryTenantOid: 1 })),
    revokeToken: vi.fn(async () => {}),
  };
  const store = createSessionStore({ backend, storages: { persistent: new MemoryStorage(), perSession: new MemoryStorage() }, now });
  return { store, backend };
}
