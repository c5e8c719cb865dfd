import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import directions of DESIGN.md are enforced by lint; these cases prove a wrong import fails.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['conditions/x.ts', "import { a } from '../schemas/y';"],
    ['conditions/x.ts', "import { readFileSync } from 'node:fs';"],
    ['schemas/x.ts', "import { a } from '../server/app';"],
    ['schemas/x.ts', "import React from 'react';"],
    ['server/x.ts', "import { a } from '../src/app/app';"],
    ['server/routes/x.ts', "import { a } from '../../renderers/registry';"],
    ['renderers/x.tsx', "import { a } from '../src/lib/api/api-client';"],
    ['e2e/x.spec.ts', "import { a } from '../server/app';"],
  ])('%s: %s fails lint', async (file, code) => {
    expect(await restrictedImportErrors(file, `${code}\nexport const b = a;\n`)).not.toEqual([]);
  });

  it.each([
    ['schemas/x.ts', "import { a } from '../conditions/condition';"],
    ['server/x.ts', "import { a } from '../schemas/y';"],
    ['src/x.ts', "import { a } from '../renderers/registry';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restrictedImportErrors(file, `${code}\nexport const b = a;\n`)).toEqual([]);
  });
});
