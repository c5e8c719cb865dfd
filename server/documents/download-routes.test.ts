import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createIdentityTestApp, signInToken, type IdentityTestApp } from '../identity/identity-test-app';
import { setPermission } from '../identity/user-admin';
import { encodeScopeValue } from '../identity/scope-headers';
import { storeTerminalCredential } from '../terminals/terminal-credentials';
import { terminalAuthorization } from '../terminals/terminal-test-app';
import { decodeEscpos, printedTexts } from '../test-support/escpos-decoder';
import { demoSignaturePng, seedDemoSignatures } from './demo-signatures';
import { readPng } from './read-barcode-pictures';
import { insertReceipt, insertReceiptWorld, receiptBody } from './receipt-test-data';

// Issue 16, downloads: GET /api/download/receipt/{uid}/{name}.{html|pdf|xml|zip|escpos} (escpos: issue 18) and the attachments
// (docs/documents.md). Real answers of the route; MATE_WRITE_DOWNLOAD_FIXTURES=1 stores them as the fixtures of the
// browser's parser (src/lib/api/download-fixtures).
const SALE = '3f2b8c1e-7d4a-4b6e-9a0f-1c2d3e4f5a6b';
const RETURN = '6b5a4f3e-2d1c-4f0a-8e6b-4a7d1e8c2b3f';
const FOREIGN = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const SENT_PARTS = '9d8c7b6a-5f4e-4d3c-8b2a-19f8e7d6c5b4';
const SIGNED = 'c1c2c3c4-d5d6-4e7e-8f9f-a0a1a2a3a4a5';
const DEMO = 'd0d1d2d3-e4e5-4f6f-8a7a-b8b9c0c1c2c3';
const INLINE = 'e1e2e3e4-f5f6-4a7a-9b8b-c9c0d1d2d3d4';
const MISSING = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
const AT_STATION = 'a2a2a2a2-b3b3-4c4c-8d5d-e6e6e6e6e6e6';
const AT_TILL_3 = 'b3b3b3b3-c4c4-4d5d-9e6e-f7f7f7f7f7f7';
const FIXTURES = join(import.meta.dirname, '../../src/lib/api/download-fixtures');
// A 1x1 PNG, the smallest signature.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** The test's own reading of a multipart/mixed answer: split at the delimiter lines of the boundary it names. */
function splitMultipart(contentType: string, body: Buffer): Part[] {
  const boundary = /boundary="([^"]+)"/.exec(contentType)![1]!;
  const text = body.toString('utf8');
  expect(text.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
  const sections = text.slice(0, -`\r\n--${boundary}--\r\n`.length).split(`\r\n--${boundary}\r\n`);
  expect(sections[0]!.startsWith(`--${boundary}\r\n`)).toBe(true);
  sections[0] = sections[0]!.slice(`--${boundary}\r\n`.length);
  return sections.map((section) => {
    const blank = section.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(section.slice(0, blank).split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    return { headers, body: section.slice(blank + 4) };
  });
}

/** Whether a text is well-formed XML (saxes throws at the first error); answers the element names in order. */
function xmlElements(xml: string): string[] {
  const names: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => names.push(tag.local));
  parser.write(xml).close();
  return names;
}

describe('receipt downloads', () => {
  let t: IdentityTestApp;
  const tokens: Record<string, string> = {};
  let terminal: string;

  beforeAll(async () => {
    t = await createIdentityTestApp();
    const db = t.database.db;
    await insertReceiptWorld(db, t.catalogue);
    await insertReceipt(db, 11, 1001, receiptBody(SALE));
    await insertReceipt(db, 11, 1001, receiptBody(RETURN, { kind: 'return', references: SALE, number: 4712, lines: [{ text: 'Tasse', quantity: -1, unitPrice: 12.99, amount: -12.99, taxRate: 19 }], payments: [{ method: 'cash', amount: -12.99 }], total: -12.99 }));
    await insertReceipt(db, 22, 2001, receiptBody(FOREIGN, { number: 1 }));
    // Tenant 11's other location (terminal 1002) and another terminal of the first location (1003).
    await insertReceipt(db, 11, 1002, receiptBody(AT_STATION, { number: 5001 }));
    await insertReceipt(db, 11, 1003, receiptBody(AT_TILL_3, { number: 5002 }));
    await insertReceipt(db, 11, 1001, receiptBody(SENT_PARTS, {
      number: 4713,
      parts: [
        { type: 'customer', variant: 'kurz', printed: true, html: '<p onclick="x()">Danke! --mate-not-a-boundary</p><script>alert(1)</script><img src="https://tracker.example/p.png"><a href="javascript:x()">Link</a><style>*{}</style>' },
        { type: 'merchant', variant: 'lang', printed: false },
      ],
    }));
    await insertReceipt(db, 11, 1001, receiptBody(INLINE, { number: 4716, attachments: [{ name: 'signature-inline.png', contentType: 'image/png', data: PNG.toString('base64') }, { name: 'voucher.pdf', contentType: 'application/pdf', data: PNG.toString('base64') }] }));
    await insertReceipt(db, 11, 1001, receiptBody(SIGNED, { number: 4714, attachments: [{ kind: 'signature', name: 'signature.png', contentType: 'image/png' }] }));
    // Users (all members of 11 and 22 unless said): Read on sales in 11 only; on returns in 11; on /document Global;
    // every other action on sales; member of 22 only with a global Read.
    const user = async (name: string, tenants: number[], rights: { path: string; tenantOid: number | null; action?: 'Read' | 'Create' | 'Update' | 'Delete' | 'Demand' | 'Patch' }[]) => {
      const oid = await addUser(t.database, name, `${name}-password-1`, tenants);
      for (const right of rights) await setPermission(db, { subject: { userOid: oid }, path: right.path, tenantOid: right.tenantOid, action: right.action ?? 'Read', allowed: true });
      tokens[name] = await signInToken(t.app, name, `${name}-password-1`);
    };
    await user('sales11', [11, 22], [{ path: '/document/receipt/sales', tenantOid: 11 }]);
    await user('returns11', [11, 22], [{ path: '/document/receipt/returns', tenantOid: 11 }]);
    await user('global', [11, 22], [{ path: '/document', tenantOid: null }]);
    await user('writer', [11, 22], (['Create', 'Update', 'Delete', 'Demand', 'Patch'] as const).map((action) => ({ path: '/document/receipt/sales', tenantOid: 11, action })));
    await user('outsider', [22], [{ path: '/document', tenantOid: null }]);
    await user('member11', [11], [{ path: '/document', tenantOid: null }]);
    await storeTerminalCredential(db, { terminalOid: 1001, tenantOid: 11, terminalKey: 'pos-1001', secret: 'terminal-secret-1001' });
    await storeTerminalCredential(db, { terminalOid: 2001, tenantOid: 22, terminalKey: 'pos-2001', secret: 'terminal-secret-2001' });
    terminal = terminalAuthorization('pos-1001', 'terminal-secret-1001');
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, who = 'global', headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}`, ...headers } });
  const fixture = (name: string, bytes: Buffer | string) => {
    if (process.env.MATE_WRITE_DOWNLOAD_FIXTURES !== '1') return;
    mkdirSync(FIXTURES, { recursive: true });
    writeFileSync(join(FIXTURES, name), bytes);
  };

  it('answers .html as multipart/mixed with the customer and the merchant copy, each part saying its type and whether it was printed', async () => {
    const answer = await get(`/api/download/receipt/${SALE}/Beleg 4711.html`);
    expect(answer.statusCode, answer.body).toBe(200);
    const contentType = String(answer.headers['content-type']);
    expect(contentType).toMatch(/^multipart\/mixed; boundary="[0-9A-Za-z'()+_,\-./:=?]{1,70}"$/);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Beleg 4711.html"; filename*=UTF-8''Beleg%204711.html`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const parts = splitMultipart(contentType, answer.rawPayload);
    expect(parts.map((part) => part.headers)).toEqual([
      { 'content-type': 'text/html; charset=utf-8', 'x-mate-copy-type': 'customer', 'x-mate-copy-title': 'Customer%20copy', 'x-mate-variant': 'standard', 'x-mate-variant-title': 'Standard', 'x-mate-printed': 'false' },
      { 'content-type': 'text/html; charset=utf-8', 'x-mate-copy-type': 'merchant', 'x-mate-copy-title': 'Merchant%20copy', 'x-mate-variant': 'standard', 'x-mate-variant-title': 'Standard', 'x-mate-printed': 'false' },
    ]);
    // The copies' titles follow the caller's language, so that the viewer names them as the rest of its page.
    const german = await get(`/api/download/receipt/${SALE}/Beleg 4711.html`, 'global', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.headers.vary).toContain('accept-language');
    const germanParts = splitMultipart(String(german.headers['content-type']), german.rawPayload);
    expect(germanParts.map((part) => decodeURIComponent(part.headers['x-mate-copy-title']!))).toEqual(['Kundenbeleg', 'Händlerbeleg']);
    const arabic = await get(`/api/download/receipt/${SALE}/Beleg 4711.html`, 'global', { 'accept-language': 'ar' });
    expect(splitMultipart(String(arabic.headers['content-type']), arabic.rawPayload).map((part) => decodeURIComponent(part.headers['x-mate-variant-title']!))).toEqual(['قياسي', 'قياسي']);
    const [customer, merchant] = parts.map((part) => part.body);
    // Names escaped; the date in the tenant's language and time zone (10:26:53 in Berlin); money in German.
    expect(customer).toContain('<h1>Müller &#38; Söhne &#60;GmbH&#62;</h1>');
    expect(customer).toContain('Filiale Hauptstraße');
    expect(customer).toContain('Kasse 1');
    expect(customer).toContain('Kundenbeleg');
    expect(merchant).toContain('Händlerbeleg');
    expect(customer).toContain(`<p data-field="uid">${SALE}</p>`);
    expect(customer).toContain('<span data-field="number">4711</span>');
    expect(customer).toMatch(/data-field="date">14\.03\.2026, 10:26:53</);
    expect(customer).toContain('19,99\u00a0€');
    expect(customer).toContain('Kaffee &#38; Kuchen &#34;Spezial&#34;');
    expect(customer).toContain('Anna &#60;b&#62;');
    // Totals per rate: 7 % of 7.00 gross is 0.46 tax; 19 % of 12.99 is 2.07.
    expect(customer).toMatch(/7\s?%.*6,54\u00a0€.*0,46\u00a0€.*7,00\u00a0€/s);
    expect(customer).toMatch(/19\s?%.*10,92\u00a0€.*2,07\u00a0€.*12,99\u00a0€/s);
    expect(customer).toMatch(/Karte.*15,00\u00a0€.*Bar.*4,99\u00a0€/s);
    // The Uid as an inline SVG barcode: nothing loaded from anywhere.
    expect(customer).toMatch(/<div class="barcode"><svg [^>]*viewBox/);
    expect(customer).not.toMatch(/(src|href)=|url\(/);
    expect(merchant).toContain('Unterschrift');
    fixture('receipt.multipart', answer.rawPayload);
    fixture('receipt.content-type.txt', contentType);
  });

  it('sanitises the HTML parts a terminal sent, keeps their type, variant and printed, and renders a sent part without HTML', async () => {
    const answer = await get(`/api/download/receipt/${SENT_PARTS}/sent.html`);
    expect(answer.statusCode, answer.body).toBe(200);
    const parts = splitMultipart(String(answer.headers['content-type']), answer.rawPayload);
    // A terminal's variant is its own text, named as sent.
    expect(parts.map((part) => part.headers['x-mate-variant-title'])).toEqual(['kurz', 'lang']);
    expect(parts.map((part) => [part.headers['x-mate-copy-type'], part.headers['x-mate-variant'], part.headers['x-mate-printed']])).toEqual([
      ['customer', 'kurz', 'true'],
      ['merchant', 'lang', 'false'],
    ]);
    const sent = parts[0]!.body;
    expect(sent).toContain('<p>Danke! --mate-not-a-boundary</p>');
    expect(sent).not.toMatch(/script|onclick|tracker|javascript|<a |\*\{\}/);
    expect(parts[1]!.body).toContain('Händlerbeleg');
    fixture('sent-parts.multipart', answer.rawPayload);
    fixture('sent-parts.content-type.txt', String(answer.headers['content-type']));
  });

  it('answers .pdf as an 80 mm roll whose height follows the content, with both copies, that pdftoppm renders', async () => {
    const answer = await get(`/api/download/receipt/${SALE}/Beleg.pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('filename="Beleg.pdf"');
    const pdf = answer.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(Number(box![1])).toBeCloseTo(226.77, 1);
    // Two copies of some 30 lines each: far longer than wide, and one page.
    expect(Number(box![2])).toBeGreaterThan(450);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const folder = mkdtempSync(join(tmpdir(), 'mate-receipt-'));
    writeFileSync(join(folder, 'receipt.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '100', join(folder, 'receipt.pdf'), join(folder, 'receipt')]);
    const png = join(folder, 'receipt-1.png');
    expect(existsSync(png)).toBe(true);
    const picture = readPng(readFileSync(png));
    expect(picture.width).toBe(Math.round((226.77 / 72) * 100));
    // Ink on paper: a dark pixel somewhere in the barcode's band and white margins.
    expect(picture.grey(2, 2)).toBeGreaterThan(200);
    if (process.env.MATE_KEEP_RECEIPT_PNG) writeFileSync(process.env.MATE_KEEP_RECEIPT_PNG, readFileSync(png));
  });

  it('answers .xml as well-formed XML of the documented elements, every value escaped', async () => {
    const answer = await get(`/api/download/receipt/${SALE}/beleg.xml`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    const elements = xmlElements(answer.body);
    expect(elements.slice(0, 9)).toEqual(['receipt', 'kind', 'createdAt', 'currency', 'tenant', 'location', 'terminal', 'operator', 'processed']);
    expect(elements.filter((name) => name === 'line')).toHaveLength(2);
    expect(elements.filter((name) => name === 'tax')).toHaveLength(2);
    expect(elements.filter((name) => name === 'part')).toHaveLength(2);
    expect(answer.body).toContain(`<receipt xmlns="urn:mate:receipt:1" uid="${SALE}" id="4711">`);
    expect(answer.body).toContain('<tenant oid="11">Müller &amp; Söhne &lt;GmbH&gt;</tenant>');
    expect(answer.body).toContain('<text>Kaffee &amp; Kuchen &quot;Spezial&quot;</text>');
    expect(answer.body).toContain('<tax rate="7"><net>6.54</net><amount>0.46</amount><gross>7</gross></tax>');
  });

  it('answers .escpos with the printer commands of both copies, laid out by the template, each cut', async () => {
    const answer = await get(`/api/download/receipt/${SALE}/Beleg 4711.escpos`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="Beleg 4711.escpos"; filename*=UTF-8''Beleg%204711.escpos`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const items = decodeEscpos(answer.rawPayload);
    expect(items[0]).toEqual({ kind: 'init' });
    expect(items.filter((item) => item.kind === 'cut')).toHaveLength(2);
    const texts = printedTexts(items);
    // The built-in template's words in the tenant's language, the names as they are (no HTML escaping on paper).
    expect(texts).toContain('Müller & Söhne <GmbH>');
    expect(texts).toContain('Filiale Hauptstraße');
    expect(texts.filter((text) => text === 'Kundenbeleg' || text === 'Händlerbeleg')).toEqual(['Kundenbeleg', 'Händlerbeleg']);
    expect(texts).toContain('14.03.2026, 10:26:53');
    expect(texts).toContain('Kaffee & Kuchen "Spezial"');
    expect(texts.filter((text) => text === 'Unterschrift')).toHaveLength(1);
    expect(items.filter((item) => item.kind === 'barcode').map((item) => item.kind === 'barcode' && item.data)).toEqual([SALE, SALE]);
    // The longest name the download takes fits with the longest extension.
    expect((await get(`/api/download/receipt/${SALE}/${'x'.repeat(90)}.escpos`)).statusCode).toBe(200);
  });

  it('lays .escpos out for the paper of the receipt terminal’s setting, or of ?paper=, and refuses other widths', async () => {
    type Item = ReturnType<typeof decodeEscpos>[number];
    /** The widest printed line in Font A columns and the widest picture in dots. */
    const widest = (items: Item[]) => [
      Math.max(...items.flatMap((item) => (item.kind === 'text' ? [[...item.text].length * item.width] : []))),
      Math.max(0, ...items.flatMap((item) => (item.kind === 'raster' ? [item.width] : []))),
    ];
    const escpos = async (url: string) => {
      const answer = await get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      return decodeEscpos(answer.rawPayload);
    };
    // Nothing set: 80 mm, the dashed rule 48 wide.
    const standard = await escpos(`/api/download/receipt/${AT_TILL_3}/r.escpos`);
    expect(printedTexts(standard)).toContain('-'.repeat(48));
    expect(widest(standard)[0]).toBe(48);
    // Asked for 58 mm: 32 columns, and the Uid's barcode, too wide for 384 dots, is a QR code.
    const asked = await escpos(`/api/download/receipt/${AT_TILL_3}/r.escpos?paper=58`);
    expect(printedTexts(asked)).toContain('-'.repeat(32));
    expect(widest(asked)[0]).toBe(32);
    expect(widest(asked)[1]).toBeLessThanOrEqual(384);
    expect(asked.filter((item) => item.kind === 'barcode')).toEqual([]);
    expect(asked.filter((item) => item.kind === 'qr').map((item) => item.kind === 'qr' && item.data)).toEqual([AT_TILL_3, AT_TILL_3]);
    // The POS setting at the terminal (1003): its receipts print on 58 mm, the other terminal's (1001) keep 80 mm,
    // and ?paper=80 overrides the setting.
    const db = t.database.db;
    await db.query(`insert into mate_pos_setting (scope, path, value, tenant_oid) values ('TERMINAL:1003', 'receipt.paperWidth', '"58"'::jsonb, 11)`);
    try {
      const set = await escpos(`/api/download/receipt/${AT_TILL_3}/r.escpos`);
      expect(widest(set)[0]).toBe(32);
      expect(printedTexts(set)).toContain('-'.repeat(32));
      expect(widest(await escpos(`/api/download/receipt/${SALE}/r.escpos`))[0]).toBe(48);
      expect(widest(await escpos(`/api/download/receipt/${AT_TILL_3}/r.escpos?paper=80`))[0]).toBe(48);
    } finally {
      await db.query(`delete from mate_pos_setting where scope = 'TERMINAL:1003' and path = 'receipt.paperWidth'`);
    }
    for (const paper of ['57', '110', 'abc', '58.5', '']) {
      const refused = await get(`/api/download/receipt/${AT_TILL_3}/r.escpos?paper=${paper}`);
      expect(refused.statusCode, paper).toBe(400);
      expect(refused.json().fault.reason, paper).toMatch(/paper/);
    }
  });

  it('answers .zip with the HTML parts, the PDF and the XML', async () => {
    const answer = await get(`/api/download/receipt/${SALE}/beleg.zip`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['beleg-customer.html', 'beleg-merchant.html', 'beleg.pdf', 'beleg.xml']);
    expect(strFromU8(entries['beleg-customer.html']!)).toContain('Kundenbeleg');
    expect(strFromU8(entries['beleg-merchant.html']!)).toContain('Händlerbeleg');
    expect(strFromU8(entries['beleg.pdf']!.subarray(0, 5))).toBe('%PDF-');
    expect(xmlElements(strFromU8(entries['beleg.xml']!))[0]).toBe('receipt');
  });

  it('names the file as asked, in UTF-8 too, and refuses names too long or of other characters with a fault', async () => {
    const arabic = await get(`/api/download/receipt/${SALE}/${encodeURIComponent('إيصال 4711')}.xml`);
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers['content-disposition']).toBe(`attachment; filename="_____ 4711.xml"; filename*=UTF-8''${encodeURIComponent('إيصال 4711')}.xml`);
    for (const [name, reason] of [
      ['..%2Fetc', /letters, digits/],
      ['a%22b', /letters, digits/],
      ['.hidden', /must not start with a dot/],
      ['x'.repeat(91), /at most 90/],
      ['', /empty/],
    ] as const) {
      const answer = await get(`/api/download/receipt/${SALE}/${name}.pdf`);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().fault.reason, name).toMatch(reason);
    }
    const format = await get(`/api/download/receipt/${SALE}/beleg.docx`);
    expect(format.statusCode).toBe(400);
    expect(format.json()).toMatchObject({ status: 400, fault: { reason: "The download format 'docx' is not one of html, pdf, xml, zip, escpos." } });
    const uid = await get('/api/download/receipt/not-a-uuid/beleg.pdf');
    expect(uid.statusCode).toBe(400);
    expect(uid.json().fault.reason).toMatch(/uid/);
  });

  it('answers 404 with a fault for a receipt that does not exist and for one of another tenant alike', async () => {
    const missing = await get(`/api/download/receipt/${MISSING}/r.html`, 'outsider');
    const foreign = await get(`/api/download/receipt/${SALE}/r.html`, 'outsider');
    expect([missing.statusCode, foreign.statusCode]).toEqual([404, 404]);
    expect(missing.json()).toEqual({ status: 404, message: `The receipt ${MISSING} does not exist.`, errors: { uid: [`The receipt ${MISSING} does not exist.`] }, fault: { reason: `The receipt ${MISSING} does not exist.` } });
    expect(foreign.json().fault.reason).toBe(`The receipt ${SALE} does not exist.`);
    const anonymous = await t.app.inject({ url: `/api/download/receipt/${SALE}/r.html` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().fault.reason).toBe(anonymous.json().message);
  });

  it('checks Read on the viewer path of the document type in the document tenant (matrix)', async () => {
    // [user, document, expected] for every format.
    const matrix: [string, string, number][] = [
      ['sales11', SALE, 200],
      ['sales11', RETURN, 403],
      ['sales11', FOREIGN, 403],
      ['returns11', SALE, 403],
      ['returns11', RETURN, 200],
      ['returns11', FOREIGN, 403],
      ['global', SALE, 200],
      ['global', RETURN, 200],
      ['global', FOREIGN, 200],
      ['writer', SALE, 403],
      ['writer', RETURN, 403],
      ['outsider', SALE, 404],
      ['outsider', FOREIGN, 200],
    ];
    for (const [user, uid, expected] of matrix) {
      for (const ext of ['html', 'pdf', 'xml', 'zip', 'escpos']) {
        const answer = await get(`/api/download/receipt/${uid}/r.${ext}`, user);
        expect(answer.statusCode, `${user} ${uid} ${ext}`).toBe(expected);
        if (expected === 403) expect(answer.json().fault.reason).toMatch(/^Not permitted: Read on \/document\/receipt\/(sales|returns) in the receipt's tenant\.$/);
      }
      const attachment = await get(`/api/download/receipt-attachment/${uid}/signature/signature.png`, user);
      expect(attachment.statusCode, `${user} ${uid} attachment`).toBe(expected === 200 ? 404 : expected);
    }
  });

  it('keeps to the tenant, location and terminal of the scope headers as the viewer does: a receipt outside them is a 404 (matrix)', async () => {
    const scopes: [string, Record<string, string>, { own: string; foreign: string }][] = [
      ['tenant 11', { 'x-mate-tenant': encodeScopeValue(11) }, { own: SALE, foreign: FOREIGN }],
      ['location 101', { 'x-mate-tenant': encodeScopeValue(11), 'x-mate-location': encodeScopeValue(101) }, { own: SALE, foreign: AT_STATION }],
      ['terminal 1001', { 'x-mate-tenant': encodeScopeValue(11), 'x-mate-terminal': encodeScopeValue(1001) }, { own: SALE, foreign: AT_TILL_3 }],
    ];
    for (const [scope, headers, documents] of scopes) {
      for (const [which, uid, expected] of [['own', documents.own, 200], ['foreign', documents.foreign, 404]] as const) {
        for (const ext of ['html', 'pdf', 'xml', 'zip', 'escpos']) {
          const answer = await get(`/api/download/receipt/${uid}/r.${ext}`, 'member11', headers);
          expect(answer.statusCode, `${scope} ${which} ${ext}`).toBe(expected);
          if (expected === 404) expect(answer.json().fault.reason, `${scope} ${which} ${ext}`).toBe(`The receipt ${uid} does not exist.`);
        }
      }
    }
    // Without a location or terminal pinned, the other location's receipts are the member's too.
    for (const uid of [AT_STATION, AT_TILL_3]) expect((await get(`/api/download/receipt/${uid}/r.xml`, 'member11')).statusCode).toBe(200);
  });

  describe('attachments', () => {
    const put = (uid: string, kind: string, name: string, payload: unknown, authorization = terminal) =>
      t.app.inject({ method: 'PUT', url: `/api/terminals/receipts/${uid}/attachments/${kind}/${name}`, headers: { authorization }, payload: payload as object });

    it('takes in a signature the receipt names, once, and serves it with its type, nosniff and as an attachment', async () => {
      const first = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: PNG.toString('base64') });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ stored: true, size: PNG.length });
      const again = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: PNG.toString('base64') });
      expect(again.statusCode).toBe(200);
      const download = await get(`/api/download/receipt-attachment/${SIGNED}/signature/signature.png`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="signature.png"; filename*=UTF-8''signature.png`);
      expect(download.rawPayload.equals(PNG)).toBe(true);
      // Listed in the XML.
      expect((await get(`/api/download/receipt/${SIGNED}/r.xml`)).body).toContain('<attachment kind="signature" name="signature.png" contentType="image/png"/>');
    });

    it('refuses bytes that are not what they claim, unnamed attachments, other bytes under a stored name, other tenants and strangers', async () => {
      const jpegClaimed = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/jpeg', data: PNG.toString('base64') });
      expect(jpegClaimed.statusCode).toBe(415);
      const html = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: Buffer.from('<html><script>alert(1)</script>').toString('base64') });
      expect(html.statusCode).toBe(415);
      expect(html.json().message).toMatch(/bytes are none of image\/png, image\/jpeg, application\/pdf/);
      const svg = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/svg+xml', data: PNG.toString('base64') });
      expect(svg.statusCode).toBe(400);
      const unnamed = await put(SIGNED, 'signature', 'other.png', { contentType: 'image/png', data: PNG.toString('base64') });
      expect(unnamed.statusCode).toBe(409);
      const changed = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: Buffer.concat([PNG, Buffer.from([0])]).toString('base64') });
      expect(changed.statusCode).toBe(409);
      const otherTenant = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: PNG.toString('base64') }, terminalAuthorization('pos-2001', 'terminal-secret-2001'));
      expect(otherTenant.statusCode).toBe(404);
      const stranger = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: PNG.toString('base64') }, terminalAuthorization('pos-1001', 'wrong-secret'));
      expect(stranger.statusCode).toBe(401);
      const user = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: PNG.toString('base64') }, `Bearer ${tokens.global}`);
      expect(user.statusCode).toBe(401);
      const tooLarge = await put(SIGNED, 'signature', 'signature.png', { contentType: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(600 * 1024)]).toString('base64') });
      expect(tooLarge.statusCode).toBe(413);
      const count = await t.database.db.query<{ n: number }>('select count(*)::int as n from mate_document_attachment where document_oid = (select oid from mate_terminal_document where document_id = $1)', [SIGNED]);
      expect(count.rows[0]!.n).toBe(1);
    });

    it('seeds the demo signatures a receipt names, through the intake checks, once', async () => {
      await insertReceipt(t.database.db, 11, 1001, receiptBody(DEMO, { number: 4715, attachments: [{ kind: 'signature', name: 'demo-signature.png', contentType: 'image/png' }] }));
      expect(await seedDemoSignatures(t.database.db)).toBe(1);
      expect(await seedDemoSignatures(t.database.db)).toBe(0);
      const download = await get(`/api/download/receipt-attachment/${DEMO}/signature/demo-signature.png`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(demoSignaturePng(1))).toBe(true);
      const picture = readPng(download.rawPayload);
      expect([picture.width, picture.height]).toEqual([240, 80]);
      let ink = 0;
      for (let x = 0; x < 240; x++) for (let y = 0; y < 80; y++) if (picture.grey(x, y) < 100) ink++;
      expect(ink).toBeGreaterThan(300);
      expect(demoSignaturePng(2).equals(demoSignaturePng(1))).toBe(false);
      if (process.env.MATE_KEEP_RECEIPT_PNG) writeFileSync(`${process.env.MATE_KEEP_RECEIPT_PNG}.signature.png`, download.rawPayload);
    });

    it('serves an attachment the receipt carried inline, its kind told by its name, when its bytes are the type it names', async () => {
      const inline = await get(`/api/download/receipt-attachment/${INLINE}/signature/signature-inline.png`);
      expect(inline.statusCode, inline.body).toBe(200);
      expect(inline.headers['content-type']).toBe('image/png');
      expect(inline.rawPayload.equals(PNG)).toBe(true);
      // Named a PDF, but PNG bytes: not served.
      expect((await get(`/api/download/receipt-attachment/${INLINE}/voucher/voucher.pdf`)).statusCode).toBe(404);
      expect((await get(`/api/download/receipt/${INLINE}/r.xml`)).body).toContain('<attachment kind="signature" name="signature-inline.png" contentType="image/png"/>');
    });

    it('answers 404 with a fault for an attachment that is not there, 400 for a kind or name out of the contract', async () => {
      const missing = await get(`/api/download/receipt-attachment/${SALE}/signature/signature.png`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().fault.reason).toBe(`The receipt ${SALE} has no signature attachment 'signature.png'.`);
      expect((await get(`/api/download/receipt-attachment/${SIGNED}/script/signature.png`)).json()).toMatchObject({ status: 400, fault: {} });
      expect((await get(`/api/download/receipt-attachment/${SIGNED}/signature/..%2Fx`)).statusCode).toBe(400);
    });
  });
});
