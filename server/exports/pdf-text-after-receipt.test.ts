import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

// In a child process of its own: the fault needs a process whose fonts no earlier PDF has used, which a test file
// sharing its worker with others (the server project runs without isolation) cannot promise.
describe('PDFs rendered one after another in one server process', () => {
  it('keep every letter of the later one as text (copy, search, screen readers), not only as ink', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mate-two-pdfs-'));
    folders.push(folder);
    await run(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'two-pdfs-in-one-process.ts'), folder], { timeout: 60_000 });
    const { stdout: receipt } = await run('pdftotext', ['-layout', join(folder, 'receipt.pdf'), '-']);
    expect(receipt).toContain('Müller & Söhne');
    const { stdout: report } = await run('pdftotext', ['-layout', join(folder, 'report.pdf'), '-']);
    // Before the mend, 'S', 'a', 'T' and 'o' of the bold titles and totals were missing: '  les per  rticle', '  t l'.
    expect(report).toContain('Sales per article');
    expect(report).toMatch(/Day\s+Product\s+Quantity\s+Amount\s+Last sale/);
    expect(report).toContain('Mar 1, 2026');
    expect(report).toContain('=HYPERLINK("http://x","y")');
    expect(report).toMatch(/Total\s+19\s+67\.75/);
  }, 90_000);
});
