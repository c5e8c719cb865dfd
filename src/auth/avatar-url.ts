import { apiUrl } from '../lib/api/api-client';

/** SHA-256 hex of the trimmed, lower-cased e-mail: the avatar key of spec 1 §7. */
export async function avatarHash(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The avatar image URL with the defaults of spec 1 §9 (blank default image, rating g). */
export function avatarUrl(hash: string, size: number, baseUrl?: string | null): string {
  const base = baseUrl ? baseUrl.replace(/\/+$/, '') : apiUrl('/api/avatar');
  return `${base}/${hash}?size=${size}&d=blank&r=g`;
}
