/** The token value that stands for an anonymous session; it never expires (spec 1 §3). */
export const ANONYMOUS_TOKEN = 'ANONYMOUS';

/** A token is treated as expired this long before its `exp`, so a call never leaves with a dying token (spec 1 §9). */
export const TOKEN_EXPIRY_MARGIN_MS = 5_000;

/** What the browser reads from an access token; the server alone verifies its signature. */
export interface TokenClaims {
  username?: string;
  userId?: string;
  /** Expiry in epoch milliseconds. */
  expiresAt?: number;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT (name, sub, exp); an opaque or malformed token yields no claims rather than an error. */
export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>;
    return {
      username: typeof claims.name === 'string' ? claims.name : undefined,
      userId: typeof claims.sub === 'string' || typeof claims.sub === 'number' ? String(claims.sub) : undefined,
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * Whether a token must be renewed before the next call: 'ANONYMOUS' never expires; otherwise the JWT's `exp`
 * (or, for a token without one, the expiry the sign-in answer gave) less the 5 s margin decides.
 */
export function isTokenExpired(token: string, now: number, fallbackExpiresAt?: number): boolean {
  if (token === ANONYMOUS_TOKEN) return false;
  const expiresAt = readTokenClaims(token).expiresAt ?? fallbackExpiresAt;
  if (expiresAt === undefined) return false;
  return now >= expiresAt - TOKEN_EXPIRY_MARGIN_MS;
}
