import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { DROPZONE_PATH, IMAGE_CONTENT_TYPES, imageNameProblem } from '../../schemas/image-upload';
import { IMAGE_LIST_ROUTE_SCHEMA, IMAGE_READ_ROUTE_SCHEMA, IMAGE_UPLOAD_ROUTE_SCHEMA } from './image-schemas';
import { sniffImageType } from './image-type';
import { countImageReferences, listImages, readImage, storeImage } from './image-store';

export interface ImageRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
  /** Largest image in bytes (MATE_UPLOAD_MAX_BYTES). */
  maxBytes: number;
}

function byteSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

function tenantOf(context: RequestContext, what: string): number {
  if (context.tenantOid === undefined) throw new ApiError(403, `No tenant is selected for this request: ${what} belong to one tenant.`);
  return context.tenantOid;
}

/**
 * Named images (docs/uploads.md): POST /api/images stores one image of the scope tenant under its file name, which
 * fields with usage ImageName refer to; GET /api/images lists them; GET /api/images/{name} answers one with an ETag.
 * Encapsulated, so the multipart parser serves these routes only.
 */
export async function imageRoutes(app: FastifyInstance, options: ImageRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext, maxBytes } = options;
  // One file per request: the dropzone sends each file on its own, so each has its own progress and answer.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2, fieldNameSize: 100, headerPairs: 50 } });

  app.post('/api/images', { schema: IMAGE_UPLOAD_ROUTE_SCHEMA }, async (request: FastifyRequest, reply) => {
    const context = await resolveContext(request);
    const tenantOid = tenantOf(context, 'images');
    if (!context.can(DROPZONE_PATH, 'Create', tenantOid)) throw new ApiError(403, `Uploading images needs Create on ${DROPZONE_PATH} in tenant ${tenantOid}.`);
    if (!request.isMultipart()) throw new ApiError(415, 'Send the image as multipart/form-data with one part named "file".');
    let part;
    try {
      part = await request.file();
    } catch (error) {
      throw new ApiError(400, `The multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (!part) throw new ApiError(400, 'The body has no file: send the image in a part named "file".', { errors: { file: ['is missing'] } });
    if (part.fieldname !== 'file') throw new ApiError(400, `The file is in a part named "${part.fieldname}": name it "file".`, { errors: { file: ['is missing'] } });
    const name = part.filename.normalize('NFC');
    const problem = imageNameProblem(name);
    if (problem) throw new ApiError(400, `The file name '${name}' ${problem}.`, { errors: { file: [`name ${problem}`] } });
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `'${name}' is larger than ${byteSize(maxBytes)}, the most an image may have.`, { errors: { file: [`is larger than ${byteSize(maxBytes)}`] } });
      throw new ApiError(400, `'${name}' could not be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (bytes.length === 0) throw new ApiError(400, `'${name}' is empty.`, { errors: { file: ['is empty'] } });
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new ApiError(400, `'${name}' is not a PNG, JPEG, WebP or GIF image by its content (SVG and other files are refused).`, { errors: { file: ['is not a PNG, JPEG, WebP or GIF image'] } });
    const stored = await storeImage(db, { tenantOid, name, contentType, bytes, userOid: context.userOid });
    const references = await countImageReferences(db, catalogue, tenantOid, name);
    return reply.status(stored.replaced ? 200 : 201).send({ ...stored, references });
  });

  app.get<{ Querystring: { take: number } }>('/api/images', { schema: IMAGE_LIST_ROUTE_SCHEMA }, async (request) => {
    const tenantOid = tenantOf(await resolveContext(request), 'images');
    return { items: await listImages(db, tenantOid, request.query.take) };
  });

  app.get<{ Params: { name: string } }>('/api/images/:name', { schema: IMAGE_READ_ROUTE_SCHEMA }, async (request, reply) => {
    const tenantOid = tenantOf(await resolveContext(request), 'images');
    const name = request.params.name.normalize('NFC');
    const problem = imageNameProblem(name);
    if (problem) throw new ApiError(400, `The image name '${name}' ${problem}.`);
    const image = await readImage(db, tenantOid, name);
    if (!image) throw new ApiError(404, `Tenant ${tenantOid} has no image named '${name}'.`);
    // Private: the answer depends on the caller's tenant; revalidated with the ETag, so a replaced image shows at once.
    reply.header('etag', image.etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization, X-Mate-Tenant');
    if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
    const type = IMAGE_CONTENT_TYPES.find((known) => known === image.contentType) ?? 'application/octet-stream';
    return reply.header('content-disposition', 'inline').type(type).send(image.bytes);
  });
}
