import type { Catalogue, EntityKind } from './catalogue';
import { COUNT_LIMIT, MAX_TAKE, DEFAULT_TAKE } from './list-query';
import { BULK_DELETE_BODY } from './bulk-delete';
import { IF_MATCH_HEADERS, RECORD_PARAMS } from './data-request';
import { TERMINAL_SECURITY_SCHEME } from '../terminals/terminal-schemas';
import { IMPORT_LIMIT } from './import-routes';
import { HISTORY_QUERYSTRING, HISTORY_SCHEMA, RESTORE_BODY } from '../audit/audit-schemas';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: Json) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...jsonBody(ref('Error')) });

function schemaName(kind: EntityKind): string {
  return `${kind.doc.area}.${kind.doc.entity}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

// draft-07 as the compiler writes it is valid 3.1 (JSON Schema 2020-12) once `$schema` is dropped.
function recordSchema(kind: EntityKind): Json {
  const { $schema: _ignored, ...schema } = kind.compiled.schema;
  return schema;
}

function operationsOf(kind: EntityKind): Json {
  const name = schemaName(kind);
  const tag = kind.kind;
  const has = (op: string) => kind.operations.has(op as never);
  // The schemas the routes validate with (data-request.ts), so the document says what the server checks.
  const id = { name: 'id', in: 'path', required: true, schema: RECORD_PARAMS.properties.id };
  const ifMatch = { name: 'If-Match', in: 'header', required: true, schema: IF_MATCH_HEADERS.properties['if-match'] };
  const item = ref(name);
  const base = `/api/data/${kind.doc.area}/${kind.doc.entity}`;
  const paths: Record<string, Json> = {
    [`${base}/meta`]: { get: { tags: [tag], summary: 'Field model', responses: { 200: { description: 'The field model', ...jsonBody({ type: 'object' }) } } } },
    [`${base}/form-extensions`]: { get: { tags: [tag], summary: 'Form extensions', responses: { 200: { description: 'The extensions', ...jsonBody({ type: 'object' }) } } } },
  };
  const collection: Json = {};
  if (has('list')) {
    collection.get = {
      tags: [tag], summary: `List ${kind.kind}`,
      parameters: [
        { name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        { name: 'take', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_TAKE, default: DEFAULT_TAKE } },
        { name: 'orderBy', in: 'query', schema: { type: 'string' }, description: 'e.g. "Name desc,Code"; Oid is always the last key' },
        { name: 'filter', in: 'query', schema: { type: 'string' }, description: 'a condition (JSON) of the condition language' },
        { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200 }, description: 'quick search' },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: '`next` of the previous page (keyset paging)' },
        { name: 'count', in: 'query', schema: { type: 'boolean', default: false }, description: `also count the matching rows: exact up to ${COUNT_LIMIT}, else \`{ total: ${COUNT_LIMIT}, exact: false }\`` },
        { name: 'tenantOid', in: 'query', schema: { type: 'integer' } },
      ],
      responses: {
        200: { description: 'One page', ...jsonBody({ type: 'object', properties: { items: { type: 'array', items: item }, skip: { type: 'integer' }, take: { type: 'integer' }, hasMore: { type: 'boolean' }, next: { type: 'string' }, count: { type: 'object', properties: { total: { type: 'integer' }, exact: { type: 'boolean' } }, required: ['total', 'exact'] } }, required: ['items', 'skip', 'take', 'hasMore'] }) },
        400: error('A bad list parameter'),
      },
    };
  }
  if (has('create')) {
    collection.post = { tags: [tag], summary: `Create ${kind.kind}`, requestBody: { required: true, ...jsonBody(item) }, responses: { 201: { description: 'Created', ...jsonBody(item) }, 400: error('Invalid fields'), 409: error('A unique value is taken') } };
    paths[`${base}/empty`] = { get: { tags: [tag], summary: 'Empty record', responses: { 200: { description: 'A new record', ...jsonBody(item) } } } };
    paths[`${base}/import`] = {
      post: {
        tags: [tag],
        summary: `Import ${kind.kind} (one transaction: all records, or with validOnly the valid ones, or none)`,
        parameters: [{ name: 'validOnly', in: 'query', schema: { type: 'boolean', default: false }, description: 'import the valid records and skip the others (answered in `skipped` and `errors`) instead of refusing the whole file' }],
        requestBody: { required: true, ...jsonBody({ type: 'object', properties: { records: { type: 'array', maxItems: IMPORT_LIMIT, items: item } }, required: ['records'] }) },
        responses: {
          200: { description: 'Imported', ...jsonBody({ type: 'object', properties: { imported: { type: 'integer' }, oids: { type: 'array', items: { type: 'integer' } }, skipped: { type: 'array', items: { type: 'integer' }, description: '1-based rows left out (validOnly)' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'why, keyed `<row>.<Field>`' } }, required: ['imported', 'oids', 'skipped', 'errors'] }) },
          400: error('Invalid records (errors keyed `<row>.<Field>`), without validOnly'),
          409: error('A unique value is taken (without validOnly) or a concurrent write took it'),
        },
      },
    };
  }
  if (has('create') || has('update')) {
    paths[`${base}/adjust`] = { post: { tags: [tag], summary: 'Defaults, normalised values and field states', requestBody: jsonBody({ type: 'object' }), responses: { 200: { description: 'Adjusted', ...jsonBody({ type: 'object', properties: { entity: item, states: { type: 'object' } } }) } } } };
  }
  if (Object.keys(collection).length > 0) paths[base] = collection;
  const single: Json = {};
  if (has('read')) single.get = { tags: [tag], summary: `Read ${kind.kind}`, parameters: [id, { name: 'If-None-Match', in: 'header', schema: { type: 'string' } }], responses: { 200: { description: 'The record', ...jsonBody(item) }, 304: { description: 'Unchanged' }, 404: error('No such record') } };
  const writeResponses = { 200: { description: 'Saved', ...jsonBody(item) }, 304: { description: 'Nothing changed' }, 400: error('Invalid fields'), 409: error('Stale ETag (body.current is the server version, body.modified { by, at } its last change) or a taken unique value'), 428: error('If-Match missing') };
  if (has('update')) single.put = { tags: [tag], summary: `Replace ${kind.kind}`, parameters: [id, ifMatch], requestBody: { required: true, ...jsonBody(item) }, responses: writeResponses };
  if (has('patch')) single.patch = { tags: [tag], summary: `Patch ${kind.kind} (JSON Merge Patch)`, parameters: [id, ifMatch], requestBody: { required: true, content: { 'application/merge-patch+json': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } } }, responses: writeResponses };
  const referenced = 'Stale ETag, or records of other kinds still refer to it (body.references: [{ kind, label, field, count, more?, oids? }], oids only of records the caller may read)';
  if (has('delete')) {
    single.delete = { tags: [tag], summary: `Delete ${kind.kind}`, parameters: [id, ifMatch], responses: { 204: { description: 'Deleted (and, where lookups declare onDelete cascade or setNull, their records deleted or emptied)' }, 409: error(referenced), 428: error('If-Match missing') } };
    paths[`${base}/bulk-delete`] = {
      post: {
        tags: [tag],
        summary: `Delete many ${kind.kind} (one transaction: all or none)`,
        requestBody: { required: true, ...jsonBody(BULK_DELETE_BODY) },
        responses: {
          200: { description: 'Deleted', ...jsonBody({ type: 'object', properties: { deleted: { type: 'integer' }, oids: { type: 'array', items: { type: 'integer' } } }, required: ['deleted', 'oids'] }) },
          400: error('A bad body (the member named)'),
          404: error('A record is not there (errors keyed `items.<index>.oid`)'),
          409: error(`${referenced}; a stale etag has errors keyed \`items.<index>.etag\``),
        },
      },
    };
  }
  if (Object.keys(single).length > 0) paths[`${base}/{id}`] = single;
  if (has('read')) {
    paths[`${base}/{id}/history`] = {
      get: {
        tags: [tag], summary: `History of a ${kind.kind} (docs/audit.md), newest first`,
        parameters: [id, ...Object.entries(HISTORY_QUERYSTRING.properties).map(([name, schema]) => ({ name, in: 'query', schema }))],
        responses: { 200: { description: 'One page of entries', ...jsonBody(HISTORY_SCHEMA as unknown as Json) }, 403: error('No Read right on the kind') },
      },
    };
  }
  if (has('update')) {
    paths[`${base}/{id}/restore`] = {
      post: {
        tags: [tag], summary: 'Restore the record, or some fields, from a version of its history (an update: the same checks, recorded as a restore)',
        parameters: [id, ifMatch], requestBody: { required: true, ...jsonBody(RESTORE_BODY as unknown as Json) },
        responses: { ...writeResponses, 404: error('No such record, or the version is not one of its history') },
      },
    };
  }
  for (const detail of kind.doc.extensions?.details ?? []) {
    paths[`${base}/{id}/details/${detail.id}`] = { get: { tags: [tag], summary: `Detail view ${detail.id}: ${detail.entity}`, parameters: [id], responses: { 200: { description: 'The related records', ...jsonBody({ type: 'object' }) } } } };
  }
  return paths;
}

/** The OpenAPI 3.1 document of the data service: every kind, every operation it offers, record schemas. */
export function buildOpenApi(catalogue: Catalogue): Json {
  const schemas: Json = {
    Error: { type: 'object', properties: { status: { type: 'integer' }, message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, current: { type: 'object' }, references: { type: 'array', items: { type: 'object', properties: { kind: { type: 'string' }, label: { type: 'object' }, field: { type: 'string' }, count: { type: 'integer' }, more: { type: 'boolean' }, oids: { type: 'array', items: { type: 'integer' } } }, required: ['kind', 'label', 'field', 'count'] } } }, required: ['status', 'message'] },
  };
  // The terminal endpoint is served only when the catalogue has its POS terminals (server/terminals); its paths come
  // from its route schemas (server/terminals/terminal-schemas.ts), the security scheme they name from here.
  const terminals = catalogue.find('tenancy', 'pos-terminal') !== undefined;
  const paths: Json = {};
  for (const kind of catalogue.kinds) {
    schemas[schemaName(kind)] = recordSchema(kind);
    Object.assign(paths, operationsOf(kind));
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Mate data service', version: '1', description: 'Generated from the entity catalogue. Field names as declared (Pascal-case profile); ?profile=camel answers camelCase keys.' },
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' }, ...(terminals ? TERMINAL_SECURITY_SCHEME : {}) } },
    security: [{ bearer: [] }],
  };
}
