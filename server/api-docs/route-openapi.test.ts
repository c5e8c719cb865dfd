import { describe, expect, it } from 'vitest';
import { openApiPathsOf } from './route-openapi';

const ID = { type: 'integer', minimum: 1, description: 'the row' } as const;

// A route's schema becomes its operation: what it validates is what the document says, and nothing else.
describe('the OpenAPI paths of routes that describe themselves', () => {
  it('turns params, querystring, headers and body into parameters and a request body', () => {
    const paths = openApiPathsOf([
      {
        method: 'POST',
        url: '/api/things/:id/move',
        schema: {
          summary: 'Move a thing',
          tags: ['things'],
          params: { properties: { id: ID }, required: ['id'] },
          querystring: { properties: { dry: { type: 'boolean' }, to: { type: 'string' } }, required: ['to'] },
          headers: { properties: { 'if-match': { type: 'string' } } },
          body: { type: 'object', properties: { why: { type: 'string' } } },
        },
      },
    ]);
    expect(paths['/api/things/{id}/move']!.post).toEqual({
      tags: ['things'],
      summary: 'Move a thing',
      parameters: [
        { name: 'id', in: 'path', required: true, description: 'the row', schema: ID },
        { name: 'dry', in: 'query', schema: { type: 'boolean' } },
        { name: 'to', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'if-match', in: 'header', schema: { type: 'string' } },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { why: { type: 'string' } } } } } },
      responses: { 200: { description: 'The answer' } },
    });
  });

  it('answers errors with the shared Error shape, JSON schemas as JSON, other media types as given', () => {
    const file = { description: 'The file', content: { 'text/css': { schema: { type: 'string' } } } };
    const paths = openApiPathsOf([
      {
        method: 'GET',
        url: '/api/things/:id',
        schema: {
          summary: 'Read a thing',
          security: [],
          response: { 200: { description: 'The thing', type: 'object', properties: { id: ID } }, 201: file, 304: { description: 'Unchanged' }, 404: { description: 'No such thing' } },
        },
      },
    ]);
    expect(paths['/api/things/{id}']!.get).toMatchObject({
      security: [],
      responses: {
        200: { description: 'The thing', content: { 'application/json': { schema: { type: 'object', properties: { id: ID } } } } },
        201: file,
        304: { description: 'Unchanged' },
        404: { description: 'No such thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    });
  });

  it('takes a request body Fastify does not validate (a multipart upload) as OpenAPI gives it', () => {
    const upload = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } };
    const paths = openApiPathsOf([{ method: 'POST', url: '/api/files', schema: { summary: 'Upload a file', requestBody: upload } }]);
    expect(paths['/api/files']!.post).toMatchObject({ requestBody: upload });
  });

  it('documents a wildcard route under the path and parameters it says, not the registered pattern', () => {
    const text = { type: 'string', minLength: 1, description: 'the rest of the path' };
    const paths = openApiPathsOf([
      { method: 'GET', url: '/api/draw/*', schema: { summary: 'Draw', documentedPath: { path: '/api/draw/{text}.{ext}', params: { properties: { text, ext: { type: 'string' } } } } } },
    ]);
    expect(Object.keys(paths)).toEqual(['/api/draw/{text}.{ext}']);
    expect(paths['/api/draw/{text}.{ext}']!.get).toMatchObject({
      parameters: [
        { name: 'text', in: 'path', required: true, description: 'the rest of the path', schema: text },
        { name: 'ext', in: 'path', required: true, schema: { type: 'string' } },
      ],
    });
  });

  it('leaves out routes without a summary and the HEAD Fastify adds to each GET', () => {
    const paths = openApiPathsOf([
      { method: 'GET', url: '/api/a', schema: { summary: 'A' } },
      { method: 'HEAD', url: '/api/a', schema: { summary: 'A' } },
      { method: 'GET', url: '/api/b', schema: { params: { properties: {} } } },
      { method: 'GET', url: '/api/c' },
    ]);
    expect(Object.keys(paths)).toEqual(['/api/a']);
    expect(Object.keys(paths['/api/a']!)).toEqual(['get']);
  });
});
