import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettingsTargets } from './settings-targets';

// The targets document (docs/settings.md "Targets") is checked when the server starts: the built-in one loads with
// its documents, and a wrong one names the file, the path in it and the reason.
describe('the settings targets', () => {
  let dir: string;
  const settings = JSON.stringify({ version: 1, groups: [{ key: 'lists', label: { en: 'Lists' }, settings: [{ key: 'pageSize', type: 'integer', default: 5, min: 10, label: { en: 'Rows' } }] }] });
  const write = async (targets: unknown) => {
    const file = path.join(dir, 'settings-targets.json');
    await writeFile(file, JSON.stringify({ version: 1, targets }));
    return file;
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mate-targets-'));
    await writeFile(path.join(dir, 'bad-settings.json'), settings);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads the built-in targets with their trees, the POS one alone applying to terminals', async () => {
    const targets = await loadSettingsTargets();
    expect([...targets.byKey.keys()]).toEqual(['pos', 'backoffice']);
    expect(targets.get('backoffice')).toMatchObject({ pagePath: '/settings/backoffice/configuration', appliesToTerminals: false });
    expect(targets.get('backoffice').settings.byPath.get('lists.pageSize')).toMatchObject({ type: 'integer', default: 50 });
    expect(targets.get('pos').appliesToTerminals).toBe(true);
    expect(() => targets.get('printer')).toThrow('No settings target printer is declared; the declared ones are pos, backoffice.');
  });

  it('refuses a wrong declaration or document, naming where and why', async () => {
    await expect(loadSettingsTargets(await write([{ key: 'Bad', document: 'x.json', appliesToTerminals: 'no', label: { en: 'X' } }]))).rejects.toThrow(
      'settings-targets.json: $.targets[0].key: must be lowercase letters and digits, starting with a letter; $.targets[0].appliesToTerminals: must be true or false',
    );
    await expect(loadSettingsTargets(await write([{ key: 'bo', document: 'bad-settings.json', appliesToTerminals: false, label: { en: 'BO' } }]))).rejects.toThrow(/\$\.targets\[0\]\.document: .*bad-settings\.json: \$\.groups\[0\]\.settings\[0\]\.default: must be at least 10/);
    await expect(loadSettingsTargets(await write([{ key: 'bo', document: 'missing.json', appliesToTerminals: false, label: { en: 'BO' }, extra: 1 }]))).rejects.toThrow(/\$\.targets\[0\]\.extra: is not a member of a target/);
  });
});
