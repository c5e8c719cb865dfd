import type { Queryable } from '../db/database';
import type { RequestContext } from '../lib/request-context';
import type { Catalogue } from './catalogue';
import type { DataEvent } from './data-event-bus';
import { permissionPath } from './data-request';
import { readStored } from './data-store';
import { rowScopeOf } from './row-scope';

/**
 * Whether a data event may go to a connection of `context` (the hub calls it per connection): the user may Read the
 * kind in the connection's tenant, a tenant-scoped row is of that tenant, and a global kind's row passes its
 * visibility rule (docs/metadata.md "visibility"). A deleted row of a restricted global kind can no longer be looked
 * at, so only its global readers hear of it.
 */
export async function mayReceiveEvent(db: Queryable, catalogue: Catalogue, context: RequestContext, event: DataEvent): Promise<boolean> {
  const [area = '', entity = ''] = event.kind.split('/');
  const kind = catalogue.find(area, entity);
  if (!kind || !context.can(permissionPath(kind), 'Read', context.tenantOid)) return false;
  if (kind.tenantScoped) return context.tenantOid !== undefined && event.tenantOid === context.tenantOid;
  const scope = rowScopeOf(kind, context);
  if (scope.visibleIn === undefined) return true;
  if (event.type === 'DataServiceDelete') return false;
  return (await readStored(db, kind, event.oid, { ...scope, pinned: [] })) !== undefined;
}
