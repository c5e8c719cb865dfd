/**
 * The one argument of the hub's DataServiceCreate, DataServiceUpdate and DataServiceDelete messages (docs/hub.md):
 * ids and tags, never the record. The server sends it and the browser reads it, so the shape lives here once.
 */
export interface DataEventMessage {
  /** `<area>/<entity>` as declared. */
  kind: string;
  area: string;
  entity: string;
  oid: number;
  etag: string;
  /** null for global kinds. */
  tenantOid: number | null;
}
