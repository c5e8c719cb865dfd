import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../db/database';
import type { Catalogue } from '../data/catalogue';
import { matchesIfNoneMatch } from '../data/list-query';
import { quoteIdent as q } from '../data/sql-names';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { SCOPE_ROUTE_SCHEMA } from './scope-schemas';

/** The five levels of the scope tree (spec 1 §3). */
export type ScopeType = 'GLOBAL' | 'COUNTRY' | 'TENANT' | 'LOCATION' | 'TERMINAL';
/** How an item shows: its own flags and those of its ancestors (a closed location's terminals show as deleted). */
export type ScopeVisibility = 'Visible' | 'Disabled' | 'Deleted';
/** Terminal kinds: POS terminals, PAN (payment) terminals; ANY as a filter means both. */
export type TerminalKind = 'ANY' | 'POS' | 'PAN';

/** One item of GET /api/settings/scope. */
export interface ScopeItem {
  /** Position in `items`; items come in depth-first order, parents before children. */
  index: number;
  /** The parent's index; null for GLOBAL. */
  parentIndex: number | null;
  /** Business key: 'GLOBAL', the country code, the tenant or location Id, the terminal number or terminal id. */
  id: string;
  type: ScopeType;
  /** Oid of the record; 0 for GLOBAL and COUNTRY. */
  oid: number;
  /** Oid of the owning record: a tenant's parent tenant, a location's tenant, a terminal's location; 0 for none (pan terminals). */
  parentOid: number;
  text: string;
  description: string | null;
  disabled: boolean;
  /** A closed location (Status 3); the tables have no soft delete otherwise. */
  deleted: boolean;
  visibility: ScopeVisibility;
  /** ISO country code of the item's tenant (null for GLOBAL). */
  country: string | null;
  /** TERMINAL items only. */
  kind?: 'POS' | 'PAN';
}

/** Options of scopeRoutes. */
export interface ScopeRoutesOptions {
  /** The database of the entity tables. */
  db: Queryable;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

type Row = Record<string, unknown>;

async function rows(db: Queryable, catalogue: Catalogue, kind: string, columns: string, where: string, params: unknown[]): Promise<Row[]> {
  const [area, entity] = kind.split('/') as [string, string];
  const found = catalogue.find(area, entity);
  if (!found) return []; // a catalogue without the kind simply has no such level
  return (await db.query<Row>(`select ${columns} from ${q(found.table)} where ${where}`, params)).rows;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const byText = (key: string) => (a: Row, b: Row) => text(a[key]).localeCompare(text(b[key]));

function countryNames(lang: string): (code: string) => string {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
  } catch {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  }
  return (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/**
 * Builds the scope tree of the given tenants: GLOBAL, a COUNTRY per country of those tenants, the TENANTs, their
 * LOCATIONs and TERMINALs (POS terminals and payment terminals under their location; payment terminals without a
 * location, the pan terminals, under their tenant with parentOid 0).
 */
export async function buildScopeTree(db: Queryable, catalogue: Catalogue, tenantOids: readonly number[], options: { lang?: string; terminals?: TerminalKind } = {}): Promise<ScopeItem[]> {
  const countryName = countryNames(options.lang ?? 'en');
  const wanted = options.terminals ?? 'ANY';
  const ids = [...new Set(tenantOids)];
  const items: ScopeItem[] = [];
  const push = (item: Omit<ScopeItem, 'index' | 'visibility'>, parent: ScopeItem | undefined): ScopeItem => {
    const inherited = parent?.visibility ?? 'Visible';
    const visibility: ScopeVisibility = item.deleted || inherited === 'Deleted' ? 'Deleted' : item.disabled || inherited === 'Disabled' ? 'Disabled' : 'Visible';
    const full: ScopeItem = { index: items.length, ...item, visibility };
    items.push(full);
    return full;
  };
  const root = push({ parentIndex: null, id: 'GLOBAL', type: 'GLOBAL', oid: 0, parentOid: 0, text: 'Global', description: null, disabled: false, deleted: false, country: null }, undefined);
  if (ids.length === 0) return items;

  const inTenants = '"TenantOid" = any($1::bigint[])';
  const tenants = (await rows(db, catalogue, 'tenancy/tenant', '"Oid", "Id", "Name", "LegalName", "CountryCode", "ParentOid", "Disabled"', '"Oid" = any($1::bigint[])', [ids])).sort(byText('Id'));
  const locations = (await rows(db, catalogue, 'tenancy/location', '"Oid", "TenantOid", "Id", "Name", "LocationType", "Status", "Disabled", "Address"', inTenants, [ids])).sort(byText('Id'));
  const pos = wanted === 'PAN' ? [] : (await rows(db, catalogue, 'tenancy/pos-terminal', '"Oid", "TenantOid", "LocationOid", "TerminalNumber", "Name", "SerialNumber", "Disabled"', inTenants, [ids])).sort((a, b) => num(a.TerminalNumber) - num(b.TerminalNumber));
  const pan = wanted === 'POS' ? [] : (await rows(db, catalogue, 'tenancy/pan-terminal', '"Oid", "TenantOid", "LocationOid", "TerminalId", "Name", "TerminalKind", "Model", "Disabled"', inTenants, [ids])).sort(byText('TerminalId'));

  const group = (list: Row[], key: string) => {
    const map = new Map<number, Row[]>();
    for (const row of list) map.set(num(row[key]), [...(map.get(num(row[key])) ?? []), row]);
    return map;
  };
  const locationsOf = group(locations, 'TenantOid');
  const posOf = group(pos, 'LocationOid');
  const panOf = group(pan, 'LocationOid');
  const locationKeys = new Set(locations.map((l) => `${num(l.TenantOid)}/${num(l.Oid)}`));

  const terminal = (row: Row, kind: 'POS' | 'PAN', parent: ScopeItem, country: string) =>
    push(
      {
        parentIndex: parent.index,
        id: kind === 'POS' ? text(row.TerminalNumber) : text(row.TerminalId),
        type: 'TERMINAL',
        oid: num(row.Oid),
        parentOid: parent.type === 'LOCATION' ? parent.oid : 0,
        text: text(row.Name),
        description: kind === 'POS' ? (row.SerialNumber ? text(row.SerialNumber) : null) : [text(row.TerminalKind), text(row.Model)].filter(Boolean).join(' · ') || null,
        disabled: row.Disabled === true,
        deleted: false,
        country,
        kind,
      },
      parent,
    );

  const countries = [...new Set(tenants.map((t) => text(t.CountryCode)))].sort();
  for (const code of countries) {
    const country = push({ parentIndex: root.index, id: code, type: 'COUNTRY', oid: 0, parentOid: 0, text: countryName(code), description: null, disabled: false, deleted: false, country: code }, root);
    for (const t of tenants.filter((x) => text(x.CountryCode) === code)) {
      const tenantOid = num(t.Oid);
      const tenant = push(
        { parentIndex: country.index, id: text(t.Id), type: 'TENANT', oid: tenantOid, parentOid: num(t.ParentOid), text: text(t.Name), description: t.LegalName ? text(t.LegalName) : null, disabled: t.Disabled === true, deleted: false, country: code },
        country,
      );
      for (const l of locationsOf.get(tenantOid) ?? []) {
        const city = (l.Address as { City?: unknown } | null)?.City;
        const location = push(
          {
            parentIndex: tenant.index,
            id: text(l.Id),
            type: 'LOCATION',
            oid: num(l.Oid),
            parentOid: tenantOid,
            text: text(l.Name),
            description: [text(l.LocationType), city ? text(city) : ''].filter(Boolean).join(' · ') || null,
            disabled: l.Disabled === true,
            deleted: num(l.Status) === 3,
            country: code,
          },
          tenant,
        );
        for (const row of posOf.get(location.oid) ?? []) if (num(row.TenantOid) === tenantOid) terminal(row, 'POS', location, code);
        for (const row of panOf.get(location.oid) ?? []) if (num(row.TenantOid) === tenantOid) terminal(row, 'PAN', location, code);
      }
      // Pan terminals: no location (null or 0), or one that is not among the tenant's locations.
      for (const row of pan) {
        if (num(row.TenantOid) === tenantOid && !locationKeys.has(`${tenantOid}/${num(row.LocationOid)}`)) terminal(row, 'PAN', tenant, code);
      }
    }
  }
  return items;
}

const TERMINAL_KINDS: readonly TerminalKind[] = ['ANY', 'POS', 'PAN'];

/** GET /api/settings/scope: the scope tree of the signed-in user's tenants, `{ items: ScopeItem[] }`, with an ETag (304 on If-None-Match). */
export const scopeRoutes: FastifyPluginAsync<ScopeRoutesOptions> = async (app, { db, catalogue, resolveContext }) => {
  app.get('/api/settings/scope', { schema: SCOPE_ROUTE_SCHEMA }, async (request, reply) => {
    const context = await resolveContext(request);
    const query = request.query as Record<string, unknown>;
    const terminals = query.terminalKind === undefined ? 'ANY' : String(query.terminalKind).toUpperCase();
    if (!(TERMINAL_KINDS as readonly string[]).includes(terminals)) {
      throw new ApiError(400, `terminalKind must be one of ${TERMINAL_KINDS.join(', ')}.`, { errors: { terminalKind: [`must be one of ${TERMINAL_KINDS.join(', ')}`] } });
    }
    const lang = typeof query.lang === 'string' && /^[a-z]{2,3}(-[A-Za-z]{2})?$/.test(query.lang) ? query.lang : (request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() || 'en');
    const items = await buildScopeTree(db, catalogue, context.tenantOids, { lang, terminals: terminals as TerminalKind });
    // The tree is large and changes rarely: the browser keeps it and revalidates; an unchanged tree is a 304 without
    // a body. The tag is a digest of the answer itself, so any change (records, tenants of the user, language) shows.
    const body = JSON.stringify({ items });
    const etag = `"scope-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    void reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'authorization, accept-language, x-mate-tenant');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
