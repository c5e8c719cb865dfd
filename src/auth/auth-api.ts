import { apiCall } from '../lib/api/api-client';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { ProfileAnswer, SecondFactorAnswer, SessionBackend, TokenAnswer } from './session-types';

/** The answer of `GET /api/auth/settings`. */
export interface AuthSettings {
  registrationAllowed: boolean;
  rememberAllowed: boolean;
  integratedLogin: boolean;
  passwordMinLength: number;
  /** The OpenID providers the sign-in page offers (MATE_OIDC_*); absent from older servers. */
  providers?: ('directory' | 'google')[];
  /** A public avatar service chosen by the site; our own /api/avatar otherwise. */
  avatarBaseUrl?: string | null;
}

/** HTTP Basic credentials; UTF-8 first, since btoa alone only takes Latin-1. */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** The header of a second factor: an app's or recovery code, or a passkey's assertion (`passkeyHeader`). */
function secondFactorHeaders(secondFactor: SecondFactorAnswer | undefined): Record<string, string> {
  if (secondFactor === undefined) return {};
  return typeof secondFactor === 'string' ? { 'X-Mate-Second-Factor': secondFactor } : { 'X-Mate-Passkey': secondFactor.passkey };
}

// These calls carry their credentials themselves (anonymous: no getToken), so a sign-in or logout never waits
// on the re-login it is part of.
export const sessionBackend: SessionBackend = {
  async requestToken(username, password, secondFactor) {
    const headers: Record<string, string> = { Authorization: basicAuthorization(username, password), ...secondFactorHeaders(secondFactor) };
    const { data } = await apiCall<TokenAnswer>('/api/v1-pub/auth/user/token.json', { anonymous: true, headers });
    return data;
  },
  async fetchProfile(token) {
    const { data } = await apiCall<ProfileAnswer>('/api/user/profile', { anonymous: true, headers: { Authorization: `Bearer ${token}` } });
    return data;
  },
  async revokeToken(token) {
    await apiCall('/api/auth/logout', { method: 'POST', anonymous: true, headers: { Authorization: `Bearer ${token}` } });
  },
  async exchangeProviderToken(provider, idToken, secondFactor) {
    const headers = secondFactorHeaders(secondFactor);
    const { data } = await apiCall<TokenAnswer>('/api/v1-pub/aad-auth/token.json', { method: 'POST', anonymous: true, headers, body: { id_token: idToken, provider } });
    return data;
  },
};

/** `GET /api/auth/settings`, anonymous: the sign-in page needs it before anyone is signed in. */
export async function fetchAuthSettings(): Promise<AuthSettings> {
  return (await apiCall<AuthSettings>('/api/auth/settings', { anonymous: true })).data;
}

export interface RegistrationRequest {
  firstname: string;
  lastname: string;
  email: string;
  username: string;
  password: string;
}

export async function register(request: RegistrationRequest): Promise<void> {
  await apiCall('/api/auth/register', { method: 'POST', anonymous: true, body: request });
}

export async function confirmRegistration(token: string): Promise<void> {
  await apiCall('/api/auth/confirm-registration', { method: 'POST', anonymous: true, body: { token } });
}

export async function requestPasswordReset(username: string): Promise<void> {
  await apiCall('/api/auth/reset-password', { method: 'POST', anonymous: true, body: { username } });
}

export async function setPassword(token: string, newPassword: string): Promise<void> {
  await apiCall('/api/auth/set-password', { method: 'POST', anonymous: true, body: { token, newPassword } });
}

/** Goes through the token check like any call; the server answers a fresh token, since the change ends the old one. */
export async function changePassword(password: string, newPassword: string): Promise<TokenAnswer | undefined> {
  const { data } = await apiCall<TokenAnswer | undefined>('/api/auth/change-password', { method: 'POST', body: { password, newPassword } });
  return data && typeof data.access_token === 'string' ? data : undefined;
}

/** A new authenticator secret waiting for its first code, with its QR code (drawn by the server). */
export interface SecondFactorEnrolment {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** The passkey challenge at sign-in (after 40106 with `passkey: true`): options for `navigator.credentials.get`. */
export async function passkeyOptionsAtSignIn(username: string, password: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { data } = await apiCall<PublicKeyCredentialRequestOptionsJSON>('/api/v1-pub/auth/passkey/options', {
    method: 'POST',
    anonymous: true,
    headers: { Authorization: basicAuthorization(username, password) },
  });
  return data;
}

/** The browser's assertion as the `X-Mate-Passkey` header carries it: its JSON, base64url (the JSON is ASCII). */
export function passkeyHeader(response: AuthenticationResponseJSON): string {
  return btoa(JSON.stringify(response)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The enrolment at a provider sign-in (the provider's ID token instead of the password). */
export async function startProviderEnrolment(provider: 'directory' | 'google', idToken: string): Promise<SecondFactorEnrolment> {
  const { data } = await apiCall<SecondFactorEnrolment>('/api/v1-pub/aad-auth/second-factor/enrolment', { method: 'POST', anonymous: true, body: { id_token: idToken, provider } });
  return data;
}

/** The passkey challenge at a provider sign-in (after 40106 with `passkey: true`): the ID token instead of the password. */
export async function providerPasskeyOptions(provider: 'directory' | 'google', idToken: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { data } = await apiCall<PublicKeyCredentialRequestOptionsJSON>('/api/v1-pub/aad-auth/passkey/options', { method: 'POST', anonymous: true, body: { id_token: idToken, provider } });
  return data;
}

/** Enrolment at sign-in, when a role requires a second factor the user lacks (40106 with `secondFactor: 'enrol'`). */
export async function startSignInEnrolment(username: string, password: string): Promise<SecondFactorEnrolment> {
  const { data } = await apiCall<SecondFactorEnrolment>('/api/v1-pub/auth/second-factor/enrolment', {
    method: 'POST',
    anonymous: true,
    headers: { Authorization: basicAuthorization(username, password) },
  });
  return data;
}
