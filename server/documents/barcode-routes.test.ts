import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { encodeScopeValue } from '../identity/scope-headers';
import { decodeEan13Png, decodeEan13Svg, readPng, svgBars } from './read-barcode-pictures';

// Issue 16: GET /api/barcode/{text}.{ext} draws EAN-13, Code 128 and QR for signed-in callers; bad text is a 400
// that says what and where, never a 5xx.
const TENANT = 11;
const OTHER_TENANT = 22;

describe('GET /api/barcode/{text}.{ext}', () => {
  let t: IdentityTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    // A user of one tenant holding no permission at all: the picture holds only the caller's text.
    await addUser(t.database, 'clerk', 'clerk-password-1', [TENANT]);
    token = await signInToken(t.app, 'clerk', 'clerk-password-1');
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  it('draws an EAN-13 as SVG whose bars read back as the digits, with its check digit added to 12 digits', async () => {
    const svg = await get('/api/barcode/4006381333931.svg?type=ean13&includetext=false');
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(decodeEan13Svg(svg.body)).toBe('4006381333931');
    const twelve = await get('/api/barcode/400638133393.svg?type=ean13&includetext=false');
    expect(decodeEan13Svg(twelve.body)).toBe('4006381333931');
  });

  it('draws an EAN-13 as PNG whose pixels read back as the digits, sized by scale and height', async () => {
    const png = await get('/api/barcode/9780201379624.png?type=ean13&scale=2&height=10');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const picture = readPng(png.rawPayload);
    expect(decodeEan13Png(png.rawPayload, Math.floor(picture.height / 3))).toBe('9780201379624');
    // Twice the scale, twice the width; a higher bar, a taller picture.
    const widePng = (await get('/api/barcode/9780201379624.png?type=ean13&scale=4&height=10')).rawPayload;
    const wide = readPng(widePng);
    expect(decodeEan13Png(widePng, Math.floor(wide.height / 3))).toBe('9780201379624');
    expect(wide.width / picture.width).toBeCloseTo(2, 1);
    const tall = readPng((await get('/api/barcode/9780201379624.png?type=ean13&scale=2&height=30')).rawPayload);
    expect(tall.height).toBeGreaterThan(picture.height);
    expect(tall.width).toBe(picture.width);
  });

  it('draws Code 128 by default: start B, the stop pattern, and eleven modules per character', async () => {
    // Letters and punctuation only: bwip-js would pack runs of digits into code set C.
    const svg = await get(`/api/barcode/${encodeURIComponent('Mate-R.x')}.svg?includetext=false&scale=1`);
    expect(svg.statusCode, svg.body).toBe(200);
    const bars = svgBars(svg.body);
    const start = bars[0]![0];
    const end = bars.at(-1)![1];
    // Start B (11010010000), 8 characters and the check character (11 modules each), stop (1100011101011).
    expect(end - start).toBe(11 * (1 + 8 + 1) + 13);
    expect(bars.slice(0, 3).map(([left, right]) => [left - start, right - left])).toEqual([[0, 2], [3, 1], [6, 1]]);
    expect(bars.slice(-4).map(([left, right]) => [end - left, right - left])).toEqual([[13, 2], [8, 3], [4, 1], [2, 2]]);
  });

  it('draws Arabic and other Unicode text as QR; another text, another symbol', async () => {
    const arabic = await get(`/api/barcode/${encodeURIComponent('إيصال رقم ١٢٣ – شكراً 😀')}.png?type=qr&scale=3`);
    expect(arabic.statusCode, arabic.body).toBe(200);
    const picture = readPng(arabic.rawPayload);
    expect(picture.width).toBe(picture.height);
    // The quiet zone is white, the finder pattern's corner black.
    expect(picture.grey(1, 1)).toBeGreaterThan(200);
    expect(picture.grey(picture.width * 0.1, picture.height * 0.1)).toBeLessThan(60);
    const other = await get(`/api/barcode/${encodeURIComponent('إيصال رقم ١٢٤')}.png?type=qr&scale=3`);
    expect(other.rawPayload.equals(arabic.rawPayload)).toBe(false);
    const svg = await get(`/api/barcode/${encodeURIComponent('مرحبا')}.svg?type=qr`);
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toMatch(/^<svg viewBox="0 0 (\d+) \1"/);
  });

  it('answers well-formed SVG of rect and path only: no script, no text, no links, nosniff and a closed CSP', async () => {
    for (const url of ['/api/barcode/4006381333931.svg?type=ean13', '/api/barcode/AB12.svg', `/api/barcode/${encodeURIComponent('<script>alert(1)</script>')}.svg?type=qr`]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      const body = answer.body.trim();
      expect(body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
      expect(body.endsWith('</svg>')).toBe(true);
      const elements = [...body.matchAll(/<\/?([a-zA-Z][\w:-]*)/g)].map((m) => m[1]);
      expect(new Set(elements)).toEqual(new Set(['svg', 'rect', 'path']));
      expect(body).not.toMatch(/script|href|on\w+=|<text|<!/i);
      // Every element closes: the tags open and close in pairs or close themselves.
      expect(body.match(/<svg/g)).toHaveLength(1);
      expect(body.match(/<(path|rect)[^>]*\/>/g)?.length).toBe(body.match(/<(path|rect)/g)?.length);
    }
  });

  it('sends an ETag by content and answers 304 to it; another look, another ETag', async () => {
    const first = await get('/api/barcode/AB12.png?scale=3');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await get('/api/barcode/AB12.png?scale=3')).headers.etag).toBe(etag);
    const again = await get('/api/barcode/AB12.png?scale=3', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const other of ['/api/barcode/AB12.png?scale=2', '/api/barcode/AB12.svg?scale=3', '/api/barcode/AB13.png?scale=3', '/api/barcode/AB12.png?scale=3&type=qr']) {
      expect((await get(other)).headers.etag, other).not.toBe(etag);
    }
  });

  it('refuses text the symbology cannot carry with a 400 that says what and where', async () => {
    const cases: [string, string, RegExp][] = [
      ['/api/barcode/4006381333932.svg?type=ean13', 'text', /check digit of '4006381333932' is 2, but its first twelve digits need 1/],
      ['/api/barcode/40063813339.svg?type=ean13', 'text', /has 11 digits; it takes 12/],
      ['/api/barcode/40063813339312.svg?type=ean13', 'text', /has 14 digits/],
      ['/api/barcode/40063813339A1.svg?type=ean13', 'text', /characters other than the digits/],
      [`/api/barcode/${encodeURIComponent('مرحبا')}.svg?type=code128`, 'text', /U\+0645 at position 1; Code 128 takes printable ASCII/],
      [`/api/barcode/${'A'.repeat(81)}.svg`, 'text', /81 characters; at most 80/],
      [`/api/barcode/${encodeURIComponent('ش'.repeat(501))}.png?type=qr`, 'text', /1002 bytes in UTF-8; at most 1000/],
      ['/api/barcode/a%01b.png?type=qr', 'text', /control character U\+0001 at position 2/],
      ['/api/barcode/AB12.gif', 'ext', /format 'gif' is not supported/],
      ['/api/barcode/AB12', 'ext', /no extension/],
      ['/api/barcode/.png', 'text', /empty/],
      ['/api/barcode/AB12.svg?type=pdf417', 'type', /must be equal to one of the allowed values/],
      ['/api/barcode/AB12.svg?scale=9', 'scale', /<= 8/],
      ['/api/barcode/AB12.svg?height=2', 'height', />= 5/],
      ['/api/barcode/AB12.svg?includetext=maybe', 'includetext', /boolean/],
    ];
    for (const [url, field, message] of cases) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
      const body = answer.json() as { status: number; message: string; errors: Record<string, string[]> };
      expect(body.status).toBe(400);
      expect(`${body.message} ${JSON.stringify(body.errors)}`, url).toMatch(message);
      expect(Object.keys(body.errors ?? {}).some((key) => key.endsWith(field)), `${url}: ${JSON.stringify(body)}`).toBe(true);
    }
  });

  it('refuses NUL in the text before any drawing, naming the path', async () => {
    const answer = await get('/api/barcode/A%00B.svg');
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toMatch(/NUL/);
  });

  it('is for signed-in callers: anonymous and forged tokens get 401, a scope header of a foreign tenant 403', async () => {
    const url = '/api/barcode/AB12.svg';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { authorization: 'Bearer x.y.z' } })).statusCode).toBe(401);
    expect((await get(url, { 'x-mate-tenant': encodeScopeValue(OTHER_TENANT) })).statusCode).toBe(403);
    expect((await get(url, { 'x-mate-tenant': encodeScopeValue(TENANT) })).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its parameters', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, { get?: { parameters: { name: string }[] } }> };
    const operation = doc.paths['/api/barcode/{text}.{ext}']?.get;
    expect(operation?.parameters.map((p) => p.name)).toEqual(['text', 'ext', 'type', 'scale', 'height', 'includetext', 'if-none-match']);
  });
});
