import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import { decodeScopeValue, SCOPE_HEADERS } from '../server/identity/scope-headers';
import { hmacKey } from '../server/identity/token-service';

/**
 * The hand-written peers' token check, as a developer would write it: the product's HS256 token verified with the
 * same stored secret (jose), 401 otherwise. Paths under `open` are left unchecked (the peers' no-auth variant). The
 * key is imported once, as the product does: jose would import the bytes again for every token.
 */
export function checkPeerTokens(app: FastifyInstance, secret: Uint8Array, open?: string): void {
  const key = hmacKey(secret);
  app.addHook('onRequest', async (request, reply) => {
    if (open !== undefined && request.url.startsWith(open)) return;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new Error('no token');
      await jwtVerify(token, await key, { algorithms: ['HS256'], issuer: 'mate', requiredClaims: ['exp', 'iat'] });
    } catch {
      return reply.status(401).send({ status: 401 });
    }
  });
}

/** The tenant a peer request names in the product's tenant header (-1, no rows, when it names none). */
export const peerTenantOf = (headers: Record<string, string | string[] | undefined>): number => decodeScopeValue(String(headers[SCOPE_HEADERS.tenant] ?? '')) ?? -1;
