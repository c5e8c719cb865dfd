import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/metadata/samples';

// schemas/ must run where there is no DOM: import it in a fresh Node process (tsx only strips types).
describe('schemas under plain Node', () => {
  it('imports, compiles and validates without a DOM', () => {
    const script = `
      const s = await import('./schemas/index.ts');
      const doc = JSON.parse((await import('node:fs')).readFileSync('fixtures/metadata/valid/pos-supply/quantity-unit.json', 'utf8'));
      const compiled = s.compileEntity(doc, 'de');
      const errors = s.createRecordValidator(doc)({ Id: 'KG', Name: 'Kilogramm', Decimals: 9, IsDefault: false });
      console.log(JSON.stringify({ window: typeof window, document: typeof document, title: compiled.schema.title, errors: Object.keys(errors), issues: s.validateEntityDocument(doc, '').length }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(JSON.parse(out.trim())).toEqual({ window: 'undefined', document: 'undefined', title: 'Mengeneinheit', errors: ['Decimals'], issues: 0 });
  });
});
