import { describe, expect, it } from 'vitest';
import { checkSettingsDocument, loadPosSettings, valueProblem } from './settings-document';

const label = { en: 'A' };
const doc = (settings: unknown[], groups?: unknown[]) => ({ version: 1, groups: [{ key: 'g', label, settings, ...(groups ? { groups } : {}) }] });

// The settings document is checked when the app starts: a broken declaration stops it naming file, path and reason.
describe('the POS settings document', () => {
  it('loads the built-in document with every setting by its dotted path', async () => {
    const catalogue = await loadPosSettings();
    expect([...catalogue.byPath.keys()]).toContain('sales.returns.returnDays');
    for (const [path, setting] of catalogue.byPath) expect(valueProblem(setting, setting.default), path).toBeUndefined();
  });

  it('names the file, the path and the reason of each problem', () => {
    expect(() => checkSettingsDocument(doc([{ key: 'n', type: 'integer', default: 9, max: 5, label }]), 'x.json')).toThrow('x.json: $.groups[0].settings[0].default: must be at most 5');
    expect(() => checkSettingsDocument(doc([{ key: 'e', type: 'enum', default: 'a', label }]), 'x.json')).toThrow('$.groups[0].settings[0].options: an enum setting needs at least one option');
    expect(() => checkSettingsDocument(doc([{ key: 't', type: 'colour', default: 1, label }]), 'x.json')).toThrow('$.groups[0].settings[0].type: must be one of boolean, integer, decimal, string, enum, time');
    expect(() => checkSettingsDocument(doc([{ key: 'b', type: 'boolean', default: true, label: { de: 'B' } }]), 'x.json')).toThrow('$.groups[0].settings[0].label: must be an object of texts per language with at least "en"');
    expect(() => checkSettingsDocument(doc([{ key: 'b', type: 'boolean', default: true, label, colour: 1 }]), 'x.json')).toThrow('$.groups[0].settings[0].colour: is not a member of a setting');
    expect(() => checkSettingsDocument(doc([{ key: 'b', type: 'boolean', default: true, label }, { key: 'b', type: 'boolean', default: false, label }]), 'x.json')).toThrow('$.groups[0].settings[1].key: the path g.b is declared twice');
    expect(() => checkSettingsDocument(doc([{ key: 'at', type: 'time', default: '7:00', label }]), 'x.json')).toThrow('default: must be a time of day as HH:MM');
  });

  it('checks values per type', () => {
    expect(valueProblem({ key: 'd', type: 'decimal', default: 0, label, min: 0, scale: 2 }, 1.25)).toBeUndefined();
    expect(valueProblem({ key: 'd', type: 'decimal', default: 0, label, min: 0, scale: 2 }, -1)).toBe('must be at least 0');
    expect(valueProblem({ key: 's', type: 'string', default: '', label, maxLength: 2 }, 'ab')).toBeUndefined();
    expect(valueProblem({ key: 't', type: 'time', default: '00:00', label }, '23:59')).toBeUndefined();
    expect(valueProblem({ key: 'b', type: 'boolean', default: false, label }, null)).toBe('must be true or false');
  });
});
