import { preload } from 'swr';
import type { EntityMeta, FormExtensions } from '../../../schemas';
import { apiGet } from '../../lib/api/api-client';
import { dataBase } from './data-api';

type GridMetaKey = readonly [path: string, tenantOid: number | undefined];

// The tenant is part of each key: the scope header changes the answers.
/** The SWR key of a kind's `/meta` for a tenant. */
export const metaKey = (kind: string, tenantOid: number | undefined): GridMetaKey => [`${dataBase(kind)}/meta`, tenantOid];
/** The SWR key of a kind's `/form-extensions` for a tenant. */
export const formExtensionsKey = (kind: string, tenantOid: number | undefined): GridMetaKey => [`${dataBase(kind)}/form-extensions`, tenantOid];

export const fetchMeta = ([path]: GridMetaKey) => apiGet<EntityMeta>(path);
export const fetchFormExtensions = ([path]: GridMetaKey) => apiGet<FormExtensions>(path);

// A grid's address (spec 2 §2), also inside the embedded layout (`/e/...`); its kind is the last two segments, as
// for a navigation item without an `entity`.
const GRID_ADDRESS = /^(?:\/e)?\/data\/([^/]+)\/([^/]+)\/?$/;

/** The kind a grid address shows, or undefined for any other path. */
export function kindOfGridAddress(pathname: string): string | undefined {
  const match = GRID_ADDRESS.exec(pathname);
  return match ? `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}` : undefined;
}

/**
 * Asks for a grid's meta and form extensions ahead of its page, under the keys the page reads them with (SWR's
 * preload: the page's first read takes the answer). A failure is left to the page, which reads it from the same key.
 */
export function preloadGridMeta(kind: string, tenantOid: number | undefined): void {
  preload(metaKey(kind, tenantOid), fetchMeta).catch(() => undefined);
  preload(formExtensionsKey(kind, tenantOid), fetchFormExtensions).catch(() => undefined);
}
