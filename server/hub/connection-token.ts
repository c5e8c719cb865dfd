import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a negotiated connection id says: which connection, whose, until when (epoch ms). */
export interface ConnectionClaim {
  connectionId: string;
  userOid: number;
  expiresAt: number;
}

/** Issues and reads connection ids. */
export interface ConnectionTokens {
  issue(claim: ConnectionClaim): Promise<string>;
  /** The claim of a genuine id that has not expired; undefined for anything else. */
  read(token: string, now: number): Promise<ConnectionClaim | undefined>;
}

const PURPOSE = 'mate hub connection id v1';

/**
 * Negotiated connection ids that every instance can check (docs/hub.md "Several instances"): the claim itself,
 * signed with a key derived from the installation's shared secret. SignalR clients negotiate with one request and
 * open the WebSocket with the next; behind a load balancer without sticky sessions the two reach different
 * instances, and an id kept in one instance's memory was a 404 on the other.
 */
export function connectionTokens(secret: () => Promise<Uint8Array>): ConnectionTokens {
  let derived: Promise<Buffer> | undefined;
  // A failed load (database away) is not kept: the next negotiate tries again.
  const key = () => (derived ??= secret().then((bytes) => createHmac('sha256', bytes).update(PURPOSE).digest()).catch((error: unknown) => {
    derived = undefined;
    throw error;
  }));
  const sign = async (payload: string) => createHmac('sha256', await key()).update(payload).digest();
  return {
    async issue(claim) {
      const payload = Buffer.from(JSON.stringify({ c: claim.connectionId, u: claim.userOid, x: claim.expiresAt })).toString('base64url');
      return `${payload}.${(await sign(payload)).toString('base64url')}`;
    },
    async read(token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || token.length > 512) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = await sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claim: unknown;
      try {
        claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const { c, u, x } = (claim ?? {}) as { c?: unknown; u?: unknown; x?: unknown };
      if (typeof c !== 'string' || typeof u !== 'number' || typeof x !== 'number' || x <= now) return undefined;
      return { connectionId: c, userOid: u, expiresAt: x };
    },
  };
}
