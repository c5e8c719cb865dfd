import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';

/**
 * How entity fields are named in bodies. `pascal` (the default, spec 2 §7's Pascal-case profile) answers and
 * accepts fields as declared ("InternalNumber", "ETag"); `camel` answers and accepts camelCase top-level keys
 * ("internalNumber", "eTag"). Chosen with `?profile=camel` or the header `X-Mate-Profile: camel`.
 */
export type Profile = 'pascal' | 'camel';

/** The profile a request asks for; 400 for an unknown one. */
export function profileOf(request: FastifyRequest): Profile {
  const raw = (request.query as Record<string, unknown>).profile ?? request.headers['x-mate-profile'];
  if (raw === undefined || raw === '') return 'pascal';
  const value = String(raw).toLowerCase();
  if (value === 'pascal' || value === 'camel') return value;
  throw new ApiError(400, `Invalid profile '${String(raw)}': use pascal or camel.`, { errors: { profile: ['must be pascal or camel'] } });
}

/** "InternalNumber" -> "internalNumber", "GTIN" -> "gtin", "ETag" -> "eTag". */
export function camelName(name: string): string {
  const lead = /^[A-Z]+/.exec(name)?.[0] ?? '';
  if (lead.length <= 1 || lead.length === name.length) return name.slice(0, lead.length || 1).toLowerCase() + name.slice(lead.length || 1);
  return lead.slice(0, -1).toLowerCase() + name.slice(lead.length - 1);
}

/** Renames a record's top-level keys for the answer. */
export function toProfile(record: Record<string, unknown>, profile: Profile): Record<string, unknown> {
  if (profile === 'pascal') return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [camelName(k), v]));
}

/** Renames a body's top-level keys back to the declared names; unknown keys stay as they are. */
export function fromProfile(body: Record<string, unknown>, profile: Profile, declared: readonly string[]): Record<string, unknown> {
  if (profile === 'pascal') return body;
  const names = new Map(declared.map((n) => [camelName(n), n]));
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [names.get(k) ?? k, v]));
}
