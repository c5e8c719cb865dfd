import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue, SCOPE_HEADERS } from '../identity/scope-headers';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { DROPZONE_PATH } from '../../schemas/image-upload';
import { operationOf } from '../api-docs/route-openapi';
import { sniffImageType } from './image-type';
import { IMAGE_READ_ROUTE_SCHEMA } from './image-schemas';

/** A 1x1 PNG, a JPEG start, a WebP and a GIF header: what the server tells apart by the first bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const MAX_BYTES = 4096;

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(filename: string, bytes: Buffer, field = 'file', type = 'image/png'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----mate-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('sniffImageType', () => {
  it('knows PNG, JPEG, WebP and GIF by their first bytes and nothing else', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(SVG)).toBeUndefined();
    expect(sniffImageType(Buffer.from('MZ\x90\x00', 'latin1'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("the image read's OpenAPI operation", () => {
  it('names the If-None-Match header the read answers 304 to', () => {
    const { parameters } = operationOf(IMAGE_READ_ROUTE_SCHEMA) as { parameters: { name: string; in: string }[] };
    expect(parameters.map(({ name, in: where }) => `${where} ${name}`)).toEqual(['path name', 'header if-none-match']);
  });
});

// Named images (docs/uploads.md) on the demo data: Create on the dropzone page in the scope tenant uploads (user x
// tenant matrix), the type is told by content, the size is limited, any member of the tenant reads them with an
// ETag, and another tenant's image is not found.
describe('the image routes', () => {
  let t: IdentityTestApp;
  let tenants: Record<'DE' | 'AT', number>;
  const tokens: Record<string, string> = {};
  const scope = (token?: string, tenant?: 'DE' | 'AT') => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...(tenant ? { [SCOPE_HEADERS.tenant]: encodeScopeValue(tenants[tenant]) } : {}) });
  const upload = (name: string, bytes: Buffer, token?: string, tenant?: 'DE' | 'AT', field?: string) => {
    const body = multipart(name, bytes, field);
    return t.app.inject({ method: 'POST', url: '/api/images', payload: body.payload, headers: { ...body.headers, ...scope(token, tenant) } });
  };

  beforeAll(async () => {
    t = await createIdentityTestApp({ config: { uploadMaxBytes: MAX_BYTES } });
    await seedDemoData(t.database.db, t.catalogue, { articles: 20 });
    const rows = await t.database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(t.catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(rows.rows.find((row) => row.Id === id)!.Oid);
    tenants = { DE: oidOf('MATE-DE'), AT: oidOf('MATE-AT') };
    // Two articles of DE name the image the test uploads; none of AT does.
    const articles = t.catalogue.find('pos-supply', 'article')!.table;
    await t.database.db.query(`update ${q(articles)} set "ImageName" = 'shoe.png' where "Oid" in (select "Oid" from ${q(articles)} where "TenantOid" = $1 order by "Oid" limit 2)`, [tenants.DE]);
    const uploader = await createRole(t.database.db, 'Image uploaders');
    await setPermission(t.database.db, { subject: { roleOid: uploader }, path: DROPZONE_PATH, tenantOid: null, action: 'Create', allowed: true });
    const reader = await createRole(t.database.db, 'Dropzone readers');
    await setPermission(t.database.db, { subject: { roleOid: reader }, path: DROPZONE_PATH, tenantOid: null, action: 'Read', allowed: true });
    const users: [string, [number, number][]][] = [
      ['dora', [[uploader, tenants.DE]]],
      ['rita', [[reader, tenants.DE], [reader, tenants.AT]]],
      ['emil', []],
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(t.database, name, `${name}-password-1`, [tenants.DE, tenants.AT]);
      await setUserRoles(t.database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
      tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
    }
  }, 180_000);
  afterAll(() => t.close());

  it('stores an image under its file name, says which records name it, and replaces it on a second upload', async () => {
    const first = await upload('shoe.png', PNG, tokens.dora, 'DE');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: 'shoe.png', contentType: 'image/png', byteSize: PNG.length, replaced: false, references: 2 });
    const again = await upload('shoe.png', JPEG, tokens.dora, 'DE');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ contentType: 'image/jpeg', replaced: true });
    expect(again.json().etag).not.toBe(first.json().etag);
    await upload('shoe.png', PNG, tokens.dora, 'DE');
  });

  it('uploads with Create on the dropzone page in the scope tenant only', async () => {
    const matrix: [string | undefined, 'DE' | 'AT' | undefined, number][] = [
      [undefined, 'DE', 401],
      ['emil', 'DE', 403],
      ['rita', 'DE', 403],
      ['dora', 'AT', 403],
      ['dora', 'DE', 200],
    ];
    for (const [user, tenant, status] of matrix) {
      const answer = await upload('shoe.png', PNG, user && tokens[user], tenant);
      expect(answer.statusCode, `${user} in ${tenant}: ${answer.body}`).toBe(status);
    }
    expect((await upload('shoe.png', PNG, tokens.rita, 'DE')).json().message).toContain(`Create on ${DROPZONE_PATH}`);
  });

  it('answers the image inside its tenant with an ETag, 304 when unchanged, 404 in another tenant', async () => {
    const image = await t.app.inject({ url: '/api/images/shoe.png', headers: scope(tokens.rita, 'DE') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['cache-control']).toContain('private');
    const unchanged = await t.app.inject({ url: '/api/images/shoe.png', headers: { ...scope(tokens.rita, 'DE'), 'if-none-match': String(image.headers.etag) } });
    expect(unchanged.statusCode).toBe(304);
    const elsewhere = await t.app.inject({ url: '/api/images/shoe.png', headers: scope(tokens.rita, 'AT') });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toContain("no image named 'shoe.png'");
    expect((await t.app.inject({ url: '/api/images/shoe.png' })).statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/images', headers: scope(tokens.emil, 'DE') });
    expect(list.json().items.map((item: { name: string }) => item.name)).toContain('shoe.png');
    expect((await t.app.inject({ url: '/api/images', headers: scope(tokens.emil, 'AT') })).json().items).toEqual([]);
  });

  it('refuses what is no image, too large, badly named or not multipart with a 4xx that says why, and stores nothing', async () => {
    const svg = await upload('logo.png', SVG, tokens.dora, 'DE');
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toContain('is not a PNG, JPEG, WebP or GIF image by its content');
    const large = await upload('large.png', Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]), tokens.dora, 'DE');
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toContain("'large.png' is larger than 4 KiB");
    // Busboy drops a folder from the file name; a character no file name may have is refused.
    const reserved = await upload('what?.png', PNG, tokens.dora, 'DE');
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toContain("The file name 'what?.png' has a folder or a character");
    expect((await upload('a.png', Buffer.alloc(0), tokens.dora, 'DE')).statusCode).toBe(400);
    expect((await upload('a.png', PNG, tokens.dora, 'DE', 'picture')).json().message).toContain('name it "file"');
    const json = await t.app.inject({ method: 'POST', url: '/api/images', payload: { file: 'x' }, headers: scope(tokens.dora, 'DE') });
    expect(json.statusCode).toBe(415);
    const names = (await t.app.inject({ url: '/api/images', headers: scope(tokens.dora, 'DE') })).json().items.map((item: { name: string }) => item.name);
    expect(names).toEqual(['shoe.png']);
  });
});
