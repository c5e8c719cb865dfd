import { exec, type Migration } from '../db/migrations';

/**
 * Named images (version 940, docs/uploads.md): a tenant's uploaded images in the database, so every instance of a
 * PostgreSQL deployment serves the same ones without shared storage. One image per tenant and name: uploading a
 * name again replaces it. The sha256 is the image's ETag.
 */
export const IMAGE_MIGRATIONS: Migration[] = [
  {
    version: 940,
    name: 'named images',
    up: (tx) =>
      exec(
        tx,
        `create table mate_image (
           tenant_oid bigint not null,
           name text not null,
           content_type text not null,
           byte_size integer not null,
           sha256 text not null,
           bytes bytea not null,
           uploaded_at timestamptz not null default now(),
           uploaded_by bigint,
           primary key (tenant_oid, name)
         )`,
      ),
  },
];
