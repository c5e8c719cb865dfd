import { apiCall, apiGet } from '../../lib/api/api-client';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { SecondFactorEnrolment } from '../auth-api';

/** `GET /api/auth/second-factor`. */
export interface SecondFactorState {
  enrolled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  /** Registered passkeys. */
  passkeys: number;
}

/** One row of `GET /api/auth/sessions`. */
export interface SessionRow {
  oid: number;
  userAgent: string;
  address: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  current: boolean;
}

export const SECOND_FACTOR_PATH = '/api/auth/second-factor';
export const SESSIONS_PATH = '/api/auth/sessions';

export const readSecondFactor = () => apiGet<SecondFactorState>(SECOND_FACTOR_PATH);
export const readSessions = async () => (await apiGet<{ items: SessionRow[] }>(SESSIONS_PATH)).items;

export async function startEnrolment(): Promise<SecondFactorEnrolment> {
  return (await apiCall<SecondFactorEnrolment>(`${SECOND_FACTOR_PATH}/enrolment`, { method: 'POST' })).data;
}

export async function confirmEnrolment(code: string): Promise<string[]> {
  return (await apiCall<{ recoveryCodes: string[] }>(`${SECOND_FACTOR_PATH}/confirm`, { method: 'POST', body: { code } })).data.recoveryCodes;
}

export async function removeSecondFactor(code: string): Promise<void> {
  await apiCall(SECOND_FACTOR_PATH, { method: 'DELETE', body: { code } });
}

export async function endSession(oid: number): Promise<void> {
  await apiCall(`${SESSIONS_PATH}/${oid}`, { method: 'DELETE' });
}

/** One row of `GET /api/auth/passkeys`. */
export interface PasskeyRow {
  oid: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const PASSKEYS_PATH = '/api/auth/passkeys';

export const readPasskeys = async () => (await apiGet<{ items: PasskeyRow[] }>(PASSKEYS_PATH)).items;

/** Options for `navigator.credentials.create`, with a single-use challenge kept by the server. */
export async function passkeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return (await apiCall<PublicKeyCredentialCreationOptionsJSON>(`${PASSKEYS_PATH}/registration-options`, { method: 'POST' })).data;
}

export async function registerPasskey(name: string, response: RegistrationResponseJSON): Promise<PasskeyRow> {
  return (await apiCall<PasskeyRow>(PASSKEYS_PATH, { method: 'POST', body: { name, response } })).data;
}

export async function removePasskey(oid: number): Promise<void> {
  await apiCall(`${PASSKEYS_PATH}/${oid}`, { method: 'DELETE' });
}

/** New recovery codes, confirmed by a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return (await apiCall<{ recoveryCodes: string[] }>(`${SECOND_FACTOR_PATH}/recovery-codes`, { method: 'POST', body: { code } })).data.recoveryCodes;
}
