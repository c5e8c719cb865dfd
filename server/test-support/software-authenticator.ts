/**
 * A passkey authenticator in software for server tests: an ES256 key of node:crypto, 'none' attestation, and the
 * authenticator data, client data and CBOR of WebAuthn Level 2 built by hand, so the server's verification runs
 * against the same bytes a browser would send.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Flags of the authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export interface Origin {
  rpID: string;
  origin: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  /** The sign counter the next assertion carries (set it back to test the server's check). */
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const key = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** RegistrationResponseJSON answering creation options with `challenge`. */
  register(challenge: string, at: Origin) {
    const clientDataJSON = this.clientData('webauthn.create', challenge, at.origin);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([sha256(at.rpID), Buffer.from([UP | UV | AT]), counterBytes(this.counter), Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey())]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal' as const] },
    };
  }

  /** AuthenticationResponseJSON answering request options with `challenge`; the counter goes up by one first. */
  assert(challenge: string, at: Origin, options: { counter?: number } = {}) {
    this.counter = options.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', challenge, at.origin);
    const authenticatorData = Buffer.concat([sha256(at.rpID), Buffer.from([UP | UV]), counterBytes(this.counter)]);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: undefined },
    };
  }
}

/** The `X-Mate-Passkey` header of an assertion. */
export const passkeyHeader = (assertion: object): string => Buffer.from(JSON.stringify(assertion)).toString('base64url');
