import type { ServerOptions } from 'node:http';

/** How long a client may take to send a request; the Config fields of MATE_*_TIMEOUT_SECONDS (docs/operations.md). */
export interface RequestTimeouts {
  /** The whole request, headers and body (Node's requestTimeout): a slow body is answered 408 and dropped. */
  requestTimeoutMs: number;
  /** The headers alone (Node's headersTimeout); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** A socket that says nothing for this long is closed (Fastify's connectionTimeout); 0: never. */
  idleTimeoutMs: number;
}

export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, idleTimeoutMs: 0 };

/**
 * Fastify's server options for the timeouts. Node checks the request and headers timeouts only every
 * `connectionsCheckingInterval` (30 s by default, so a slow client could hold a socket for twice the limit): the
 * interval here is a quarter of the shorter timeout, at most a second.
 */
export function serverTimeoutOptions(timeouts: RequestTimeouts = DEFAULT_REQUEST_TIMEOUTS): { requestTimeout: number; connectionTimeout: number; http: ServerOptions } {
  const headersTimeout = Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs);
  return {
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
    http: { headersTimeout, requestTimeout: timeouts.requestTimeoutMs, connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))) },
  };
}
