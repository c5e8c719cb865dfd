/**
 * Who the passkeys belong to (the WebAuthn relying party): the host name and origin the browser shows. With
 * MATE_PUBLIC_URL set they come from it, so a passkey keeps working behind any proxy; otherwise from the request
 * (its Host header and protocol, which trust MATE_TRUST_PROXY's X-Forwarded-* like everything else). A passkey is
 * bound to its relying party id: moving the site to another host name makes its users enrol again.
 */
export interface RelyingParty {
  /** The host name without port (WebAuthn's rpId). */
  rpID: string;
  /** `https://host[:port]`, which must equal the origin in the browser's client data. */
  origin: string;
}

/** What the request tells: Fastify's `protocol` and `host` (the latter with its port). */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

export function relyingPartyOf(publicUrl: string, request: RequestOrigin): RelyingParty {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  const origin = new URL(`${request.protocol}://${request.host || 'localhost'}`);
  return { rpID: origin.hostname, origin: origin.origin };
}
