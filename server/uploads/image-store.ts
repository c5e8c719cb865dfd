import { createHash } from 'node:crypto';
import type { Catalogue } from '../data/catalogue';
import { quoteIdent as q } from '../data/sql-names';
import type { Queryable } from '../db/database';
import type { ImageContentType } from '../../schemas/image-upload';

/** One stored image without its bytes. */
export interface ImageInfo {
  name: string;
  contentType: string;
  byteSize: number;
  etag: string;
  uploadedAt: string;
}

interface ImageRow {
  name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  uploaded_at: Date | string;
}

const etagOf = (sha256: string) => `"${sha256.slice(0, 32)}"`;
const info = (row: ImageRow): ImageInfo => ({ name: row.name, contentType: row.content_type, byteSize: Number(row.byte_size), etag: etagOf(row.sha256), uploadedAt: new Date(row.uploaded_at).toISOString() });

/** Stores (or replaces) a tenant's image under its name; says whether one was replaced. */
export async function storeImage(db: Queryable, image: { tenantOid: number; name: string; contentType: ImageContentType; bytes: Buffer; userOid: number }): Promise<ImageInfo & { replaced: boolean }> {
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  const found = await db.query<ImageRow & { replaced: boolean }>(
    `insert into mate_image (tenant_oid, name, content_type, byte_size, sha256, bytes, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (tenant_oid, name) do update set content_type = excluded.content_type, byte_size = excluded.byte_size,
       sha256 = excluded.sha256, bytes = excluded.bytes, uploaded_by = excluded.uploaded_by, uploaded_at = now()
     returning name, content_type, byte_size, sha256, uploaded_at, (xmax <> 0) as replaced`,
    [image.tenantOid, image.name, image.contentType, image.bytes.length, sha256, image.bytes, image.userOid],
  );
  const row = found.rows[0]!;
  return { ...info(row), replaced: row.replaced === true };
}

/** A tenant's image with its bytes, or undefined (another tenant's image is not found either). */
export async function readImage(db: Queryable, tenantOid: number, name: string): Promise<(ImageInfo & { bytes: Buffer }) | undefined> {
  const found = await db.query<ImageRow & { bytes: Uint8Array }>(`select name, content_type, byte_size, sha256, uploaded_at, bytes from mate_image where tenant_oid = $1 and name = $2`, [tenantOid, name]);
  const row = found.rows[0];
  return row && { ...info(row), bytes: Buffer.from(row.bytes) };
}

/** The tenant's images, newest first (the dropzone's list). */
export async function listImages(db: Queryable, tenantOid: number, limit: number): Promise<ImageInfo[]> {
  const found = await db.query<ImageRow>(`select name, content_type, byte_size, sha256, uploaded_at from mate_image where tenant_oid = $1 order by uploaded_at desc, name limit $2`, [tenantOid, limit]);
  return found.rows.map(info);
}

/**
 * How many records of the tenant name the image in a field with usage ImageName, over every tenant-scoped kind of
 * the catalogue that has such a field (by usage, never by kind name): the dropzone says what an upload matched.
 */
export async function countImageReferences(db: Queryable, catalogue: Catalogue, tenantOid: number, name: string): Promise<number> {
  let total = 0;
  for (const kind of catalogue.kinds) {
    if (!kind.tenantScoped) continue;
    const fields = kind.storedFields.filter((field) => field.usage === 'ImageName');
    if (fields.length === 0) continue;
    const where = fields.map((field) => `${q(field.name)} = $2`).join(' or ');
    const found = await db.query<{ n: string | number }>(`select count(*) as n from ${q(kind.table)} where "TenantOid" = $1 and (${where})`, [tenantOid, name]);
    total += Number(found.rows[0]?.n ?? 0);
  }
  return total;
}
