/** Where the session stands: nobody, a user, or a user who must sign in again (expired token or lock). */
export type SessionStatus = 'anonymous' | 'signed-in' | 'locked';

/**
 * Why the re-login dialog is open (spec 1 §2): the token expired, the user locked the session, or it was locked after
 * the back office's idle minutes without activity (session.idleTimeoutMinutes, docs/settings.md).
 */
export type ReloginReason = 'expired' | 'lock' | 'idle';

export interface SessionUser {
  username: string;
  emailAddress?: string;
  userId: string;
  firstname?: string;
  lastname?: string;
}

/** The tenancy part of `GET /api/user/profile`. */
export interface SessionProfile {
  rootTenantOid: number;
  tenantOids: number[];
  primaryTenantOid: number | null;
}

/** Everything the UI reads about the session at one moment. */
/** How the session was signed in: the product's password, or an OpenID provider (docs/auth.md). */
export type SignInProvider = 'internal' | 'directory' | 'google';

export interface SessionSnapshot {
  /** False until the stored token has been checked at start; guards wait for it. */
  ready: boolean;
  status: SessionStatus;
  user?: SessionUser;
  profile?: SessionProfile;
  token?: string;
  remember: boolean;
  reloginReason?: ReloginReason;
  /** With reason 'idle': after how many minutes without activity it was locked (the dialog says it). */
  idleMinutes?: number;
  /** How the session was signed in; the re-login dialog offers the same way (absent: internal). */
  provider?: SignInProvider;
}

/** The answer of `GET /api/v1-pub/auth/user/token.json`. */
export interface TokenAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  /** Only when this sign-in finished setting up a second factor: shown once, each works once. */
  recoveryCodes?: string[];
}

/** The answer of `GET /api/user/profile`. */
export interface ProfileAnswer {
  userOid?: number | string;
  username: string;
  emailAddress?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  rootTenantOid: number;
  tenantOids: number[];
  primaryTenantOid: number | null;
}

/**
 * What answers the second step of a sign-in: the app's code or a recovery code, or a passkey's assertion (the
 * browser's AuthenticationResponseJSON as base64url JSON, sent as `X-Mate-Passkey`).
 */
export type SecondFactorAnswer = string | { passkey: string };

/** The server calls the session needs; each passes its token explicitly so it never waits on a re-login. */
export interface SessionBackend {
  /** `secondFactor`: the code of the authenticator app or a recovery code, or a passkey's assertion, when the server asked for it (40106). */
  requestToken(username: string, password: string, secondFactor?: SecondFactorAnswer): Promise<TokenAnswer>;
  fetchProfile(token: string): Promise<ProfileAnswer>;
  revokeToken(token: string): Promise<void>;
  /** `POST /api/v1-pub/aad-auth/token.json`: a provider's ID token for the product's token. */
  exchangeProviderToken?(provider: Exclude<SignInProvider, 'internal'>, idToken: string, secondFactor?: SecondFactorAnswer): Promise<TokenAnswer>;
}
