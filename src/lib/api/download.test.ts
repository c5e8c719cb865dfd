import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api-client';
import { dispositionFileName, DownloadError, download, faultReason, fetchDownload, multipartBoundary, parseMultipartMixed, readMultipartResponse } from './download';

// Issue 16: the browser reads the receipt download's multipart/mixed answer itself. The fixtures are real answers
// of GET /api/download/receipt/{uid}/{name}.html (written by server/documents/download-routes.test.ts with
// MATE_WRITE_DOWNLOAD_FIXTURES=1).
const FIXTURES = join(import.meta.dirname, 'download-fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const contentTypeOf = (name: string) => readFileSync(join(FIXTURES, `${name}.content-type.txt`), 'utf8').trim();
const bytes = (...chunks: (string | number[])[]) => {
  const parts = chunks.map((chunk) => (typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk)));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

describe('multipartBoundary', () => {
  it('reads the boundary quoted or not, and nothing from other types', () => {
    expect(multipartBoundary('multipart/mixed; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('Multipart/Mixed;boundary=simple; charset=x')).toBe('simple');
    expect(multipartBoundary('text/html; boundary=x')).toBeUndefined();
    expect(multipartBoundary('multipart/mixed')).toBeUndefined();
    expect(multipartBoundary(`multipart/mixed; boundary=${'x'.repeat(71)}`)).toBeUndefined();
    expect(multipartBoundary(null)).toBeUndefined();
  });
});

describe('parseMultipartMixed on real answers of the server', () => {
  it('reads the customer and the merchant copy with their headers and UTF-8 text', () => {
    const parts = parseMultipartMixed(fixture('receipt.multipart'), multipartBoundary(contentTypeOf('receipt'))!);
    expect(parts.map((part) => part.headers)).toEqual([
      { 'content-type': 'text/html; charset=utf-8', 'x-mate-copy-type': 'customer', 'x-mate-variant': 'standard', 'x-mate-printed': 'false' },
      { 'content-type': 'text/html; charset=utf-8', 'x-mate-copy-type': 'merchant', 'x-mate-variant': 'standard', 'x-mate-printed': 'false' },
    ]);
    expect(parts[0]!.text).toMatch(/^<!doctype html>.*Kundenbeleg.*<\/html>$/s);
    expect(parts[1]!.text).toMatch(/^<!doctype html>.*Händlerbeleg.*<\/html>$/s);
    // The bytes are the text's UTF-8, without the CRLF before the next delimiter.
    expect(new TextDecoder().decode(parts[0]!.bytes)).toBe(parts[0]!.text);
  });

  it("keeps a part whose body holds the boundary's prefix whole", () => {
    const parts = parseMultipartMixed(fixture('sent-parts.multipart'), multipartBoundary(contentTypeOf('sent-parts'))!);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers['x-mate-printed']).toBe('true');
    expect(parts[0]!.headers['x-mate-variant']).toBe('kurz');
    expect(parts[0]!.text).toContain('<p>Danke! --mate-not-a-boundary</p>');
  });
});

describe('parseMultipartMixed per RFC 2046', () => {
  it('drops preamble and epilogue, reads folded headers, keeps binary bytes and delimiter look-alikes mid-line', () => {
    const binary = [0, 1, 2, 13, 10, 45, 45, 255, 254, 128, 13, 10];
    const body = bytes(
      'This is the preamble.\r\n--XyZ\r\nContent-Type: application/octet-stream\r\nX-Long: one\r\n two\r\n\r\n',
      binary,
      'text --XyZ not at a line start\r\n--XyZnot-a-delimiter\r\n',
      '\r\n--XyZ  \r\n\r\nno headers\r\n--XyZ--\r\nThe epilogue.\r\n--XyZ\r\nignored\r\n',
    );
    const parts = parseMultipartMixed(body, 'XyZ');
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers).toEqual({ 'content-type': 'application/octet-stream', 'x-long': 'one two' });
    expect([...parts[0]!.bytes.subarray(0, binary.length)]).toEqual(binary);
    expect(new TextDecoder().decode(parts[0]!.bytes.subarray(binary.length))).toBe('text --XyZ not at a line start\r\n--XyZnot-a-delimiter\r\n');
    expect(parts[1]!.headers).toEqual({});
    expect(parts[1]!.text).toBe('no headers');
  });

  it('reads an empty part and refuses an answer cut off before its closing delimiter', () => {
    expect(parseMultipartMixed(bytes('--b\r\nA: 1\r\n\r\n\r\n--b--'), 'b')).toEqual([{ headers: { a: '1' }, bytes: new Uint8Array(), text: '' }]);
    expect(() => parseMultipartMixed(bytes('--b\r\nA: 1\r\n\r\nhalf a recei'), 'b')).toThrow(/cut off/);
    expect(() => parseMultipartMixed(bytes('no parts at all'), 'b')).toThrow(/cut off/);
  });
});

describe('download', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    configureApi({ getToken: () => undefined, getScopeHeaders: () => ({}) });
  });

  it("fetches with the product's token and scope, reads the multipart answer, and names the file from Content-Disposition", async () => {
    configureApi({ getToken: () => 'token-1', getScopeHeaders: () => ({ 'x-mate-tenant': '11' }), getLocale: () => 'de' });
    const fetch = vi.fn(async () => new Response(fixture('receipt.multipart'), { headers: { 'content-type': contentTypeOf('receipt'), 'content-disposition': `attachment; filename="_ 1.html"; filename*=UTF-8''%D8%A5 1.html` } }));
    vi.stubGlobal('fetch', fetch);
    const response = await fetchDownload('/api/download/receipt/u/r.html', i18n);
    expect(fetch).toHaveBeenCalledWith('/api/download/receipt/u/r.html', { headers: { Authorization: 'Bearer token-1', 'Accept-Language': 'de', 'x-mate-tenant': '11' } });
    expect((await readMultipartResponse(response)).map((part) => part.headers['x-mate-copy-type'])).toEqual(['customer', 'merchant']);
    expect(dispositionFileName(`attachment; filename="_ 1.html"; filename*=UTF-8''%D8%A5 1.html`)).toBe('إ 1.html');
    expect(dispositionFileName('attachment; filename="plain.pdf"')).toBe('plain.pdf');
  });

  it('saves through a blob URL and an anchor, and revokes the URL afterwards', async () => {
    vi.useFakeTimers();
    const clicked: string[] = [];
    const anchor = { href: '', download: '', rel: '', style: {} as Record<string, string>, click: () => clicked.push(anchor.download), remove: vi.fn() };
    vi.stubGlobal('document', { createElement: () => anchor, body: { append: vi.fn() } });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:1');
    vi.stubGlobal('fetch', async () => new Response('%PDF-1.3', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Beleg.pdf"' } }));
    expect(await download('/api/download/receipt/u/Beleg.pdf', undefined, i18n)).toBe('Beleg.pdf');
    expect(clicked).toEqual(['Beleg.pdf']);
    expect(anchor.remove).toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:1');
    vi.useRealTimers();
  });

  it("turns a failure into the fault's reason, or 'Failed'", async () => {
    const fault = { status: 404, message: 'The receipt x does not exist.', fault: { reason: 'The receipt x does not exist.' } };
    vi.stubGlobal('fetch', async () => Response.json(fault, { status: 404 }));
    await expect(fetchDownload('/x', i18n)).rejects.toEqual(new DownloadError(404, 'The receipt x does not exist.'));
    vi.stubGlobal('fetch', async () => new Response('<html>proxy error</html>', { status: 502 }));
    await expect(fetchDownload('/x', i18n)).rejects.toMatchObject({ status: 502, reason: 'Failed' });
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('network down')));
    await expect(fetchDownload('/x', i18n)).rejects.toMatchObject({ status: 0, reason: 'Failed' });
    expect(faultReason({ fault: { reason: '' }, message: 'm' })).toBe('m');
    expect(faultReason('x')).toBeUndefined();
  });
});
