import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function check(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/schema-check.ts', ...args], { encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('scripts/schema-check.ts', () => {
  it('prints one OK line per valid document with --quiet and exits 0', () => {
    const { code, out } = check('fixtures/metadata/valid', '--quiet', '--alone');
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toEqual([
      'OK fixtures/metadata/valid/pos-operating/location.json',
      'OK fixtures/metadata/valid/pos-supply/article.json',
      'OK fixtures/metadata/valid/pos-supply/quantity-unit.json',
    ]);
  });

  it('prints the compiled schema and uiSchema in the chosen locale', () => {
    const { code, out } = check('fixtures/metadata/valid/pos-operating/location.json', '--locale', 'de', '--alone');
    expect(code).toBe(0);
    expect(out).toContain('== fixtures/metadata/valid/pos-operating/location.json (pos-operating/location@2:de)');
    const json = JSON.parse(out.slice(out.indexOf('{'))) as { schema: { title: string }; uiSchema: Record<string, unknown> };
    expect(json.schema.title).toBe('Standort');
    expect(json.uiSchema.CountryCode).toMatchObject({ 'ui:widget': 'country' });
  });

  it('lists the issues with file, path and message and exits 1', () => {
    const { code, out } = check('fixtures/metadata/invalid/min-greater-than-max.json', '--alone');
    expect(code).toBe(1);
    expect(out).toContain("fixtures/metadata/invalid/min-greater-than-max.json /fields/0/min: field 'Price': min (10) is greater than max (5)");
    expect(out).toContain('1 issue in 1 of 1 file(s)');
  });

  it("checks a lookup's onDelete rule: an unknown rule, setNull on a required field, a cascade to a kind no document defines", () => {
    const { code, out } = check('fixtures/metadata/invalid/on-delete-unknown-rule.json', 'fixtures/metadata/invalid/on-delete-set-null-required.json', 'fixtures/metadata/invalid/on-delete-cascade-missing-entity.json', '--alone');
    expect(code).toBe(1);
    expect(out).toContain('fixtures/metadata/invalid/on-delete-unknown-rule.json /extensions/lookups/Unit/onDelete: "nullify" is not allowed here; use one of: restrict, cascade, setNull');
    expect(out).toContain("fixtures/metadata/invalid/on-delete-set-null-required.json /extensions/lookups/Unit/onDelete: lookup of field 'Unit': onDelete 'setNull' cannot empty a required field; use 'restrict' or 'cascade'");
    expect(out).toContain("fixtures/metadata/invalid/on-delete-cascade-missing-entity.json /extensions/lookups/Unit/entity: lookup of field 'Unit' points at 'nowhere/unit', which no document defines: its onDelete 'cascade' needs an existing kind");
    expect(out).toContain('3 issues in 3 of 3 file(s)');
  });

  it('runs the cross-document checks over a folder', () => {
    const { code, out } = check('fixtures/metadata/valid/pos-supply', '--quiet', '--alone');
    // The pos-supply folder holds both ends of the article -> quantity-unit lookup; the article alone does not.
    expect(code).toBe(0);
    const single = check('fixtures/metadata/valid/pos-supply/article.json', '--alone');
    expect(single.code).toBe(1);
    expect(single.out).toContain("lookup of field 'QuantityUnit' points at 'pos-supply/quantity-unit', which no document defines");
    expect(out).not.toContain('navigation');
  });

  it('refuses a bad locale and a missing target', () => {
    expect(check('fixtures/metadata/valid', '--locale', 'xx').code).toBe(2);
    expect(check('--alone').code).toBe(2);
    expect(check('no/such/folder').code).toBe(2);
  });

  it('checks an extension folder together with the built-in catalogue and its navigation', () => {
    // The gift card of docs/metadata.md's worked example: a lookup-free kind under the product's /data/pos-supply.
    const ok = check('fixtures/metadata-example', '--quiet');
    expect(ok.out).toBe('OK fixtures/metadata-example/pos-supply/gift-card.json\n');
    expect(ok.code).toBe(0);
    // A folder with a lookup into a built-in kind resolves it; a navigation group that does not exist is named, with the likely one.
    const bad = check('fixtures/metadata-navigation/misplaced', '--quiet');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("fixtures/metadata-navigation/misplaced/pos-supply/voucher.json /navigation: navigation '/data/pos-suply' names no navigation group (did you mean '/data/pos-supply'?)");
    expect(bad.out).not.toContain('which no document defines');
    // A product kind defined again is refused.
    const twice = check('fixtures/metadata/valid', '--quiet');
    expect(twice.code).toBe(1);
    expect(twice.out).toContain("entity 'pos-supply/article' is already defined in server/metadata/pos-supply/article.json");
  });

  it('warns when a document differs from its last commit but kept its version', () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'mate-schema-check-'));
    try {
      cpSync('fixtures/metadata-example', repo, { recursive: true });
      const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=Author', '-c', 'user.email=author@example.test', ...args], { stdio: 'ignore' });
      git('init', '-q');
      git('add', '.');
      git('commit', '-q', '-m', 'gift card');
      const file = path.join(repo, 'pos-supply', 'gift-card.json');
      expect(check(repo, '--quiet').out).not.toContain('warning');
      const doc = JSON.parse(readFileSync(file, 'utf8')) as { version: number; label: Record<string, string> };
      writeFileSync(file, JSON.stringify({ ...doc, label: { ...doc.label, en: 'Gift voucher' } }, null, 2));
      const unbumped = check(repo, '--quiet');
      expect(unbumped.code).toBe(0);
      expect(unbumped.out).toContain(`warning: ${path.relative(process.cwd(), file)} /version: the document changed but its version did not (still ${doc.version})`);
      writeFileSync(file, JSON.stringify({ ...doc, version: doc.version + 1, label: { ...doc.label, en: 'Gift voucher' } }, null, 2));
      expect(check(repo, '--quiet').out).not.toContain('warning');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('without targets checks the built-in catalogue', () => {
    const { code, out } = check('--quiet');
    expect(code).toBe(0);
    expect(out).toContain('OK server/metadata/pos-supply/article.json');
  });

  it('checks report definitions and prints their compiled SQL', () => {
    const ok = check('server/reports/definitions', '--quiet');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('OK server/reports/definitions/sales.daily.json');
    const sql = check('server/reports/definitions/sales.daily.json');
    expect(sql.out).toContain('== server/reports/definitions/sales.daily.json (report sales/daily)');
    // Daily sales read the day totals booked at intake (server/reports), not the documents themselves.
    expect(sql.out).toContain('from \\"mate_document_total\\" t');
    const bad = check('fixtures/reports/invalid/sales.unknown-field.json');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("fixtures/reports/invalid/sales.unknown-field.json /columns/1/field: column 'secret': source 'documents' has no field 'password'");
  });
});
