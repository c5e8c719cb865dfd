import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionAction } from '../lib/request-context';
import { ancestorPaths, effectivePermission, explainPermission, type PermissionDecision } from './effective-permission';

interface TruthCase {
  name: string;
  decisions: PermissionDecision[];
  query: { path: string; action: PermissionAction; tenantOid: number | null };
  allowed: boolean;
  why: string;
}

const table = JSON.parse(readFileSync(path.resolve(__dirname, '../../fixtures/permissions/truth-table.json'), 'utf8')) as { cases: TruthCase[] };

describe('effective permission truth table (fixtures/permissions/truth-table.json)', () => {
  it('has cases', () => expect(table.cases.length).toBeGreaterThan(10));
  for (const c of table.cases) {
    it(c.name, () => {
      const explanation = explainPermission(c.decisions, c.query.path, c.query.action, c.query.tenantOid);
      expect(explanation.allowed).toBe(c.allowed);
      expect(explanation.text).toBe(c.why);
      expect(effectivePermission(c.decisions, c.query.path, c.query.action, c.query.tenantOid)).toBe(c.allowed);
    });
  }
});

describe('ancestorPaths', () => {
  it('walks up to the root', () => {
    expect(ancestorPaths('/data/pos-supply/article')).toEqual(['/data/pos-supply/article', '/data/pos-supply', '/data', '/']);
    expect(ancestorPaths('/')).toEqual(['/']);
    expect(ancestorPaths('/data/')).toEqual(['/data', '/']);
  });
});

describe('explainPermission', () => {
  it('names the deciding decision', () => {
    const decision: PermissionDecision = { subject: 'role', roleName: 'Cashier', path: '/data', tenantOid: null, action: 'Read', allowed: false };
    expect(explainPermission([decision], '/data/x', 'Read', 3).decidedBy).toBe(decision);
  });
});
