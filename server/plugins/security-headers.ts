import type { FastifyInstance } from 'fastify';

/** Where the embedded layout lives: only its pages may be framed by other sites (spec 1, routes). */
function isEmbeddedLayout(url: string): boolean {
  return url === '/e' || /^\/e[/?#]/.test(url);
}

/**
 * The Content-Security-Policy of every answer. Scripts come only from our own origin (Vite emits no inline
 * script), never inline. 'unsafe-eval' is needed because the editors validate with ajv, which compiles the JSON
 * Schema of each entity document into a function at run time; the schemas come from the server's metadata at run
 * time, so they cannot be precompiled into the build (moving the browser to an interpreting validator would drop it). Styles allow 'unsafe-inline' because Chakra's CSS-in-JS writes <style> elements and React writes
 * style attributes; a style cannot run code. Images may come from https: as avatars may (MATE_AVATAR_BASE_URL).
 */
export function contentSecurityPolicy(frameAncestors: string, frameSources: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
    // The monitoring page may frame the configured external dashboard (MATE_MONITORING_URL), nothing else.
    ...(frameSources.length > 0 ? [`frame-src 'self' ${frameSources.join(' ')}`] : []),
  ].join('; ');
}

// Features a back office never uses; a page that is compromised or framed cannot ask for them either.
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Security headers on every answer, errors included (set when the request arrives). Only the embedded layout
 * `/e` may be framed, by our own origin and the configured embedders (MATE_FRAME_ANCESTORS); nothing else may be.
 */
export function registerSecurityHeaders(app: FastifyInstance, embedders: string[], frameSources: string[] = []): void {
  const everywhere = contentSecurityPolicy("'none'", frameSources);
  const embedded = contentSecurityPolicy(["'self'", ...embedders].join(' '), frameSources);
  // A callback hook, not an async one: it runs on every request and waits for nothing (no promise per request).
  app.addHook('onRequest', (request, reply, done) => {
    const embeddable = isEmbeddedLayout(request.url);
    reply.header('content-security-policy', embeddable ? embedded : everywhere);
    if (!embeddable) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    // Links in mails carry one-time tokens in the URL: no page passes its address on.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
}
