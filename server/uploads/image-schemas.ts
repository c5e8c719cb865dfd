import { listOf, TOKEN_REFUSED } from '../api-docs/openapi-fragments';
import { DROPZONE_PATH, IMAGE_CONTENT_TYPES, IMAGE_NAME_MAX_LENGTH } from '../../schemas/image-upload';

export const IMAGE_NAME_PARAMS = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: IMAGE_NAME_MAX_LENGTH, description: 'the image name (a file name, as an ImageName field holds it)' } },
  required: ['name'],
} as const;

/**
 * The read's conditional header. Only described: a header always arrives as text and the handler compares it as is,
 * so the schema refuses nothing the route took before. Fastify names headers in lower case.
 */
export const IMAGE_READ_HEADERS = {
  type: 'object',
  properties: { 'if-none-match': { type: 'string', description: 'the ETag of the copy held: 304 without the bytes while it is still the image' } },
} as const;

export const IMAGE_LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { take: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'at most this many, newest first' } },
} as const;

const IMAGE_INFO = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    contentType: { type: 'string', enum: [...IMAGE_CONTENT_TYPES] },
    byteSize: { type: 'integer' },
    etag: { type: 'string' },
    uploadedAt: { type: 'string', format: 'date-time' },
  },
  required: ['name', 'contentType', 'byteSize', 'etag', 'uploadedAt'],
} as const;

export const IMAGE_UPLOAD_ANSWER = {
  type: 'object',
  properties: {
    ...IMAGE_INFO.properties,
    replaced: { type: 'boolean', description: 'an image of that name was there and is replaced' },
    references: { type: 'integer', description: "how many records of the tenant name the image in a field with usage ImageName" },
  },
  required: [...IMAGE_INFO.required, 'replaced', 'references'],
} as const;

export const IMAGE_LIST_ANSWER = listOf(IMAGE_INFO);

/** `GET /api/images`. */
export const IMAGE_LIST_ROUTE_SCHEMA = {
  tags: ['images'],
  summary: "The scope tenant's images, newest first, without their bytes; any member of the tenant may list them",
  querystring: IMAGE_LIST_QUERY,
  response: {
    200: { description: 'The images', ...IMAGE_LIST_ANSWER },
    400: { description: 'A bad take' },
    ...TOKEN_REFUSED,
    403: { description: 'No tenant selected' },
  },
} as const;

/** `POST /api/images`: a multipart upload the handler reads itself, so its body is described, not validated. */
export const IMAGE_UPLOAD_ROUTE_SCHEMA = {
  tags: ['images'],
  summary: `Upload one image (PNG, JPEG, WebP or GIF by content; SVG refused) under its file name in the scope tenant; Create on ${DROPZONE_PATH}`,
  requestBody: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'the image; its file name is the name it is stored under' } }, required: ['file'] },
      },
    },
  },
  response: {
    201: { description: 'Stored as a new image', ...IMAGE_UPLOAD_ANSWER },
    200: { description: 'Replaced the image of that name', ...IMAGE_UPLOAD_ANSWER },
    400: { description: 'Not multipart, no file, a bad file name, or no image by its content' },
    ...TOKEN_REFUSED,
    403: { description: `No tenant selected, or no Create on ${DROPZONE_PATH} in it` },
    413: { description: 'The file is larger than MATE_UPLOAD_MAX_BYTES' },
    415: { description: 'Not multipart/form-data' },
  },
} as const;

/** `GET /api/images/{name}`. */
export const IMAGE_READ_ROUTE_SCHEMA = {
  tags: ['images'],
  summary: "One image of the scope tenant by name, with an ETag (If-None-Match answers 304); another tenant's image is not found",
  params: IMAGE_NAME_PARAMS,
  headers: IMAGE_READ_HEADERS,
  response: {
    200: {
      description: 'The image bytes',
      headers: { ETag: { schema: { type: 'string' }, description: 'the version of the image' } },
      content: Object.fromEntries(IMAGE_CONTENT_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    },
    304: { description: 'Not modified' },
    400: { description: 'A bad name' },
    ...TOKEN_REFUSED,
    403: { description: 'No tenant selected' },
    404: { description: 'No image of that name in the tenant' },
  },
} as const;
