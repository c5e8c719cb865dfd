import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPoEntries } from './po-file';

// The catalogue tests check the translations of the messages in src/locales; this one checks that those are all
// the messages the code uses: a message added to a component without `lingui extract` would otherwise show in
// English in every language, and no other test would notice.
const work = mkdtempSync(path.join(tmpdir(), 'mate-extract-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The message ids of a .po file, obsolete ('#~') entries left out. */
function messageIds(file: string): string[] {
  return readPoEntries(file)
    .map((entry) => entry.id)
    .sort();
}

describe('message catalogues', () => {
  it('hold every message of src/ and renderers/ (run `npx lingui extract --clean` after changing texts)', () => {
    // The project's configuration, extracting the source language into a folder of its own.
    const config = path.join(work, 'lingui.config.cjs');
    const root = process.cwd();
    writeFileSync(
      config,
      `module.exports = ${JSON.stringify({
        rootDir: root,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: [{ path: path.join(work, '{locale}', 'messages'), include: [path.join(root, 'src'), path.join(root, 'renderers')], exclude: ['**/*.test.*'] }],
        format: 'po',
        orderBy: 'messageId',
      })};`,
    );
    const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--config', config, '--workers', '1'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const used = messageIds(path.join(work, 'en', 'messages.po'));
    expect(used.length).toBeGreaterThan(100);
    expect(messageIds(path.join(root, 'src/locales/en/messages.po'))).toEqual(used);
  }, 60_000);
});
