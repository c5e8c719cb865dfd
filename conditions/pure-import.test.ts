import { describe, expect, it } from 'vitest';

// Every module of the folder except tests, loaded as code and as text.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
const sources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], { eager: true, query: '?raw', import: 'default' });

// The folder's tsconfig has no DOM lib; declared here only so `typeof document` type-checks.
declare const document: unknown;
declare const window: unknown;

function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/.*$/gm, '');
}

describe('conditions/ is pure', () => {
  it('loads under plain Node with no DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(12);
    for (const [file, module] of Object.entries(modules)) expect(Object.keys(module).length, file).toBeGreaterThan(0);
  });

  it('imports only its own modules', () => {
    for (const [file, source] of Object.entries(sources)) {
      const specifiers = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of specifiers) expect(specifier, file).toMatch(/^\.\/[a-z0-9-]+$/);
    }
  });

  it('uses no eval, no Function constructor and no host objects', () => {
    for (const [file, source] of Object.entries(sources)) {
      const body = code(source);
      expect(body, file).not.toMatch(/\beval\s*\(|\bnew\s+Function\b|\bFunction\s*\(|\bprocess\.|\bdocument\.|\bwindow\.|\brequire\s*\(/);
    }
  });

  it('documents every export with JSDoc', () => {
    for (const [file, source] of Object.entries(sources)) {
      const lines = source.split('\n');
      lines.forEach((line, index) => {
        if (!/^export (const|function|interface|type|class|enum)\b/.test(line)) return;
        let previous = index - 1;
        while (previous >= 0 && lines[previous]!.trim() === '') previous--;
        expect(lines[previous]?.trim(), `${file}: ${line}`).toMatch(/\*\/$/);
      });
    }
  });

  it('re-exports every public runtime export from index', () => {
    const index = modules['./index.ts']!;
    const internal = new Set(['collectConditionIssues']);
    for (const [file, module] of Object.entries(modules)) {
      for (const name of Object.keys(module)) if (!internal.has(name)) expect(index[name], `${file}: ${name}`).toBe(module[name]);
    }
  });
});
