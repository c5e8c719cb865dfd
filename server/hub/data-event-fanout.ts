import type { DataEventMessage } from '../../schemas/hub-messages';
import type { Queryable } from '../db/database';
import type { Catalogue } from '../data/catalogue';
import type { DataEvent } from '../data/data-event-bus';
import { permissionPath } from '../data/data-request';
import { mayReceiveEvent } from '../data/event-visibility';
import { rowScopeOf } from '../data/row-scope';
import type { RequestContext } from '../lib/request-context';


/** A connection as the fan-out sees it. */
export interface DataEventListener {
  caller: RequestContext;
  send(target: string, args: unknown[]): void;
}

/**
 * Hands a data event (from any instance, through the bus) to every connection whose user may read that kind in
 * that tenant, exactly as a GET of the grid would be authorised. A kind unknown to this instance's catalogue is
 * skipped: nobody here could read it. A row of a global kind with a visibility rule (users, API keys, tenant
 * records) goes only to those who may see that row (`mayReceiveEvent`, one look-up per such listener).
 */
export function createDataEventFanout(db: Queryable, catalogue: Catalogue, listeners: () => Iterable<DataEventListener>): (event: DataEvent) => void {
  const byKind = new Map(catalogue.kinds.map((kind) => [kind.kind, kind]));
  return (event) => {
    const kind = byKind.get(event.kind);
    if (!kind) return;
    const path = permissionPath(kind);
    const message: DataEventMessage = { kind: kind.kind, area: kind.doc.area, entity: kind.doc.entity, oid: event.oid, etag: event.etag, tenantOid: event.tenantOid };
    for (const listener of listeners()) {
      const { caller } = listener;
      const tenant = event.tenantOid ?? caller.tenantOid;
      if (event.tenantOid !== null && !caller.tenantOids.includes(event.tenantOid)) continue;
      if (!caller.can(path, 'Read', tenant)) continue;
      if (!kind.tenantScoped && rowScopeOf(kind, caller).visibleIn !== undefined) {
        void mayReceiveEvent(db, catalogue, caller, event).then(
          (may) => may && listener.send(event.type, [message]),
          () => undefined, // the database is away: such listeners miss this event, as every listener misses events then
        );
        continue;
      }
      listener.send(event.type, [message]);
    }
  };
}

export type { DataEventMessage };
