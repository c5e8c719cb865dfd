import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent as q } from '../data/sql-names';
import type { HubInstance } from '../hub/hub-test-app';
import { addUser, builtInCatalogue, createIdentityTestDatabase, signInToken } from '../identity/identity-test-app';
import { createRole, setPermission, setUserRoles } from '../identity/user-admin';
import { seedDemoData } from '../seed/demo/seed-demo-data';
import { decodeEscpos, printedTexts } from '../test-support/escpos-decoder';
import { hostileRequestsFor, type RouteTarget } from '../test-support/hostile-requests';
import type { TestDatabase } from '../test-support/test-database';
import { startTerminalInstance } from '../terminals/terminal-test-app';
import { DEFAULT_TEMPLATE_XML, TEMPLATE_NAMESPACE } from '../../schemas/receipt-template';
import { TEMPLATE_PAGE } from './template-access';

interface Answer {
  scope: { scope: string };
  stored: { xml: string; version: number } | null;
  inherited: { xml: string; from: string | null };
  canChange: boolean;
}

const BASE = '/api/receipt-templates/receipt';
const designed = (text: string) => DEFAULT_TEMPLATE_XML.replace('<separator style="dashed"/>', `<text align="center" bold="true">${text}</text>\n  <qr value="uid" size="40"/>\n  <separator style="dashed"/>`);

// Receipt templates: stored per document type and scope, inherited downward, checked on save (line, element,
// attribute), a stale save refused, who may read and change where (users x scopes x actions), the downloads laid out
// by the effective template, and hostile input refused without a change.
describe('the receipt templates', () => {
  let database: TestDatabase;
  let instance: HubInstance;
  let de: number;
  let at: number;
  let receipt: { uid: string; tenantOid: number; locationOid: number | null };
  const tokens: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
    instance.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: payload as Record<string, unknown> | undefined });
  const fingerprint = async () => (await database.db.query<{ s: string }>("select count(*)::text || '/' || coalesce(sum(version), 0)::text || '/' || coalesce(max(md5(xml || scope)), '') as s from mate_receipt_template")).rows[0]!.s;
  const read = async (scope: string, token = tokens.globe) => (await call('GET', `${BASE}?scope=${scope}`, token)).json() as Answer;
  const save = (scope: string, xml: string, version: number, token = tokens.globe) => call('PUT', BASE, token, { scope, xml, version });

  beforeAll(async () => {
    database = await createIdentityTestDatabase();
    const catalogue = await builtInCatalogue();
    await seedDemoData(database.db, catalogue, { articles: 5, documentDays: 1, salesPerDay: 1 });
    await database.db.query('update mate_job_schedule set enabled = false');
    const tenantRows = await database.db.query<{ Oid: string; Id: string }>(`select "Oid", "Id" from ${q(catalogue.find('tenancy', 'tenant')!.table)}`);
    const oidOf = (id: string) => Number(tenantRows.rows.find((t) => t.Id === id)!.Oid);
    de = oidOf('MATE-DE');
    at = oidOf('MATE-AT');
    const row = (await database.db.query<{ document_id: string; tenant_oid: string; location_oid: string | null }>('select document_id, tenant_oid, location_oid from mate_terminal_document where tenant_oid = $1 order by oid desc limit 1', [de])).rows[0]!;
    receipt = { uid: row.document_id, tenantOid: Number(row.tenant_oid), locationOid: row.location_oid === null ? null : Number(row.location_oid) };
    instance = await startTerminalInstance(database);

    const admin = await createRole(database.db, 'Receipt designers');
    const reader = await createRole(database.db, 'Receipt template readers');
    for (const action of ['Read', 'Update'] as const) await setPermission(database.db, { subject: { roleOid: admin }, path: TEMPLATE_PAGE, tenantOid: null, action, allowed: true });
    await setPermission(database.db, { subject: { roleOid: reader }, path: TEMPLATE_PAGE, tenantOid: null, action: 'Read', allowed: true });
    const globe = await addUser(database, 'globe', 'globe-password-1', [de, at]);
    for (const [path, action] of [[TEMPLATE_PAGE, 'Read'], [TEMPLATE_PAGE, 'Update'], ['/document', 'Read']] as const) await setPermission(database.db, { subject: { userOid: globe }, path, tenantOid: null, action, allowed: true });
    const users: [string, [number, number][]][] = [
      ['tina', [[admin, de]]], // designer of one tenant only, member of two
      ['rita', [[reader, de], [reader, at]]], // reads everywhere, changes nothing
      ['emil', []], // no right
    ];
    for (const [name, roles] of users) {
      const oid = await addUser(database, name, `${name}-password-1`, [de, at]);
      await setUserRoles(database.db, oid, roles.map(([roleOid, tenantOid]) => ({ roleOid, tenantOid })));
    }
    for (const name of ['globe', 'tina', 'rita', 'emil']) tokens[name] = await signInToken(instance.app, name, `${name}-password-1`);
  }, 240_000);
  afterAll(async () => {
    await instance?.close();
    await database?.drop();
  });

  it('saves a template at a scope, inherits it below, refuses a stale save and resets to the inherited one', async () => {
    const fresh = await read(`TENANT:${de}`);
    expect(fresh).toMatchObject({ stored: null, inherited: { from: null, xml: DEFAULT_TEMPLATE_XML }, canChange: true });

    const global = await save('GLOBAL', designed('Thank you, world'), 0);
    expect(global.statusCode, global.body).toBe(200);
    expect((global.json() as Answer).stored).toMatchObject({ version: 1 });
    expect((await read(`TENANT:${de}`)).inherited).toMatchObject({ from: 'GLOBAL', xml: designed('Thank you, world') });

    const tenant = await save(`TENANT:${de}`, designed('Danke'), 0, tokens.tina);
    expect(tenant.statusCode, tenant.body).toBe(200);
    // A second "create" or a save from an older version is refused rather than overwriting.
    expect((await save(`TENANT:${de}`, designed('Other'), 0)).statusCode).toBe(409);
    const saved = await save(`TENANT:${de}`, designed('Danke schön'), 1, tokens.tina);
    expect((saved.json() as Answer).stored!.version).toBe(2);
    const stale = await save(`TENANT:${de}`, designed('Late'), 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errors: { version: ['is not the stored version'] } });

    expect((await call('DELETE', `${BASE}?scope=TENANT:${de}&version=1`, tokens.tina)).statusCode).toBe(409);
    const reset = await call('DELETE', `${BASE}?scope=TENANT:${de}&version=2`, tokens.tina);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ stored: null, inherited: { from: 'GLOBAL' } });
    expect((await call('DELETE', `${BASE}?scope=GLOBAL&version=1`, tokens.globe)).statusCode).toBe(200);
  });

  it('refuses a template with problems, naming line, element and attribute, and stores nothing', async () => {
    const before = await fingerprint();
    const bad = await save(`TENANT:${de}`, `<template xmlns="${TEMPLATE_NAMESPACE}" documentType="receipt">\n  <text align="middle">Hi</text>\n  <marquee/>\n</template>`, 0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: expect.stringContaining('line 2 <text> @align'),
      problems: expect.arrayContaining([expect.objectContaining({ line: 2, element: 'text', attribute: 'align' }), expect.objectContaining({ line: 3, element: 'marquee' })]),
    });
    const broken = await save(`TENANT:${de}`, '<template xmlns="urn:mate:receipt-template:1" documentType="receipt">\n<text>open</template>', 0);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ problems: [expect.objectContaining({ line: 2 })] });
    expect(await fingerprint()).toBe(before);
  });

  it('previews a draft with the latest stored document of the scope', async () => {
    const preview = await call('POST', `${BASE}/preview`, tokens.globe, { scope: `TENANT:${de}`, xml: designed('Preview text'), merchantCopy: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as { html: string; document: { uid: string } | null; problems: unknown[] };
    expect(body.document?.uid).toBe(receipt.uid);
    expect(body.html).toContain('Preview text');
    expect(body.html).toContain('<svg');
    const faulty = (await call('POST', `${BASE}/preview`, tokens.globe, { scope: `TENANT:${de}`, xml: '<template/>' })).json() as { html: null; problems: unknown[] };
    expect(faulty.html).toBeNull();
    expect(faulty.problems.length).toBeGreaterThan(0);
  });

  it("lays out a receipt's download (HTML parts, PDF, ESC/POS) by the template of its nearest scope", async () => {
    expect((await save(`TENANT:${de}`, designed('Designed for DE'), 0)).statusCode).toBe(200);
    const html = await call('GET', `/api/download/receipt/${receipt.uid}/r.html`, tokens.globe);
    expect(html.statusCode, html.body).toBe(200);
    // Both copies (customer and merchant part) print the designed text.
    expect(html.body.split('Designed for DE').length - 1).toBe(2);
    const pdf = await call('GET', `/api/download/receipt/${receipt.uid}/r.pdf`, tokens.globe);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The printer's commands too: the designed text in both copies, and the designed QR code of the Uid.
    const escpos = decodeEscpos((await call('GET', `/api/download/receipt/${receipt.uid}/r.escpos`, tokens.globe)).rawPayload);
    expect(printedTexts(escpos).filter((text) => text === 'Designed for DE')).toHaveLength(2);
    expect(escpos.filter((item) => item.kind === 'qr').map((item) => item.kind === 'qr' && item.data)).toEqual([receipt.uid, receipt.uid]);
    if (receipt.locationOid !== null) {
      const nearer = await save(`LOCATION:${receipt.locationOid}`, designed('Designed for the shop'), 0);
      expect(nearer.statusCode, nearer.body).toBe(200);
      const again = await call('GET', `/api/download/receipt/${receipt.uid}/r.html`, tokens.globe);
      expect(again.body).toContain('Designed for the shop');
      expect(again.body).not.toContain('Designed for DE');
    }
  });

  it('lets each user read and change where their rights say (users x scopes x actions)', async () => {
    const scopes = ['GLOBAL', `TENANT:${de}`, `TENANT:${at}`];
    const expected: Record<string, Record<string, [read: number, change: boolean]>> = {
      globe: { GLOBAL: [200, true], [`TENANT:${de}`]: [200, true], [`TENANT:${at}`]: [200, true] },
      tina: { GLOBAL: [200, false], [`TENANT:${de}`]: [200, true], [`TENANT:${at}`]: [403, false] },
      rita: { GLOBAL: [200, false], [`TENANT:${de}`]: [200, false], [`TENANT:${at}`]: [200, false] },
      emil: { GLOBAL: [403, false], [`TENANT:${de}`]: [403, false], [`TENANT:${at}`]: [403, false] },
    };
    for (const [user, byScope] of Object.entries(expected)) {
      for (const scope of scopes) {
        const [readStatus, mayChange] = byScope[scope]!;
        const answer = await call('GET', `${BASE}?scope=${scope}`, tokens[user]);
        expect(answer.statusCode, `${user} reads ${scope}`).toBe(readStatus);
        const preview = await call('POST', `${BASE}/preview`, tokens[user], { scope, xml: DEFAULT_TEMPLATE_XML });
        expect(preview.statusCode, `${user} previews ${scope}`).toBe(readStatus);
        if (readStatus === 200) expect((answer.json() as Answer).canChange, `${user} may change ${scope}`).toBe(mayChange);
        const current = readStatus === 200 ? (answer.json() as Answer).stored?.version ?? 0 : 0;
        const before = await fingerprint();
        const saved = await save(scope, designed(`${user} was here`), current, tokens[user]);
        expect(saved.statusCode, `${user} saves ${scope}`).toBe(mayChange ? 200 : 403);
        if (!mayChange) expect(await fingerprint()).toBe(before);
        else {
          const version = (saved.json() as Answer).stored!.version;
          const other = Object.keys(expected).find((name) => name !== user && !expected[name]![scope]![1]);
          if (other) expect((await call('DELETE', `${BASE}?scope=${scope}&version=${version}`, tokens[other])).statusCode, `${other} resets ${scope}`).toBe(403);
          expect((await call('DELETE', `${BASE}?scope=${scope}&version=${version}`, tokens[user])).statusCode, `${user} resets ${scope}`).toBe(200);
        }
      }
    }
  }, 120_000);

  it('refuses hostile requests with a 4xx in the error shape and changes nothing', async () => {
    const fields = ['scope', 'xml', 'version', 'merchantCopy'];
    const targets: RouteTarget[] = [
      { method: 'GET', path: BASE, query: ['scope'] },
      { method: 'PUT', path: BASE, query: [], fields: ['scope', 'xml', 'version'] },
      { method: 'DELETE', path: BASE, query: ['scope', 'version'] },
      { method: 'POST', path: `${BASE}/preview`, query: [], fields: ['scope', 'xml', 'merchantCopy'] },
      { method: 'GET', path: '/api/receipt-templates/nope', query: ['scope'] },
    ];
    const callers = [undefined, `Bearer ${tokens.globe}`, `Bearer ${tokens.tina}`, `Bearer ${tokens.emil}`];
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(hostileRequestsFor(target, { targets, callers }, fields), async (request) => {
          const before = await fingerprint();
          const answer = await instance.app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
          const what = `${request.method} ${request.url.slice(0, 200)} -> ${answer.statusCode} ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, what).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            expect(answer.json(), what).toMatchObject({ status: answer.statusCode, message: expect.any(String) });
            expect(await fingerprint(), what).toEqual(before);
          }
        }),
        { numRuns: 25 },
      );
    }
  }, 180_000);
});
