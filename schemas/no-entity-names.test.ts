import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isEntityDocumentFile } from './metadata-files';

/**
 * The invariant of docs/metadata.md "No entity kind in generic code": entity kinds live in server/metadata only, so
 * the generic code of the browser, the renderers, the schema compilers and the condition language names none of them
 * as a string literal. A kind named there would be per-entity code: a page, a link or a filter that only works for
 * that one kind and breaks silently when the metadata changes.
 */

const ROOT = join(import.meta.dirname, '..');
const METADATA = join(ROOT, 'server', 'metadata');
const GUARDED = ['src', 'renderers', 'schemas', 'conditions'];

/**
 * Words that are entity kinds too but are product concepts generic code must name (each with its reason):
 * - tenant, location, terminal: the scope levels of the scope headers and the organisation selector (spec 1 §3,
 *   spec 2 §6); every kind may be scoped by them, they are not one kind's business.
 * - user, role: the subjects of permissions (spec 2 §6) and the signed-in caller; also the ARIA `role` attribute.
 * - operator: the cashier every terminal document names (the viewer's query member, the reports' dimension) and the
 *   operators of the condition language.
 * - tenancy: the area of the kinds the scope tree of `/api/settings/scope` is made of (spec 2 §6), which the shell
 *   refreshes when one of them changes (src/lib/hub/swr-keys-of-kind.ts); the scope levels above are its kinds.
 * - title: the HTML attribute and the metadata key of every navigation item and report column.
 */
const ALLOWED_WORDS: ReadonlySet<string> = new Set(['tenant', 'location', 'terminal', 'user', 'role', 'operator', 'tenancy', 'title']);

/**
 * Whole literals that contain a kind's name but are another system's vocabulary (each with its reason):
 * - customer.search: the POS client's command that looks a customer up at the till (schemas/pos-layout.ts
 *   POS_FUNCTIONS); a button layout stores it for the terminal, nothing in the back office reads the kind by it.
 */
const ALLOWED_LITERALS: ReadonlySet<string> = new Set(['customer.search']);

/** The entity kinds and areas of the shipped metadata (`<area>/<entity>.json`). */
function metadataNames(): Set<string> {
  const names = new Set<string>();
  for (const area of readdirSync(METADATA)) {
    const folder = join(METADATA, area);
    if (!statSync(folder).isDirectory()) continue;
    names.add(area);
    for (const file of readdirSync(folder).filter(isEntityDocumentFile)) names.add((JSON.parse(readFileSync(join(folder, file), 'utf8')) as { entity: string }).entity);
  }
  return names;
}

/** The source files of the generic code: tests are left out (they may name the kinds of their fixtures). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The kinds a string literal names: the whole literal, a segment of a path or key (`/data/pos-supply/article`,
 * `x:article`) or the first word of a camelCase name (`articleNumber`). Prose (a literal with a space) is a message
 * to a person, not a name code acts on, so it is passed over; comments are no literals.
 */
function namedKinds(literal: string, kinds: ReadonlySet<string>): string[] {
  if (/\s/.test(literal.trim()) || ALLOWED_LITERALS.has(literal)) return [];
  const segments = literal.split(/[/.:?&=#,]+/).filter(Boolean);
  const words = new Set([...segments, ...segments.map((segment) => segment.replace(/[A-Z].*$/, ''))]);
  return [...words].filter((word) => kinds.has(word) && !ALLOWED_WORDS.has(word));
}

/** Every string literal (and template part) outside imports that names a kind, as `file:line 'literal' names kind`. */
function findings(kinds: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const file of GUARDED.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExternalModuleReference(node)) return;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        for (const kind of namedKinds(node.text, kinds)) found.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} '${node.text}' names ${kind}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('generic code names no entity kind', () => {
  const kinds = metadataNames();

  it('reads the kinds from the metadata', () => {
    expect(kinds).toContain('pos-supply');
    expect(kinds).toContain('article');
    expect(kinds).toContain('pos-terminal');
  });

  it('finds a kind as a whole literal, a path or key segment and a camelCase prefix, but not in prose or allowed words', () => {
    expect(namedKinds('article', kinds)).toEqual(['article']);
    expect(namedKinds('/data/pos-supply/article', kinds)).toEqual(['pos-supply', 'article']);
    expect(namedKinds('articleNumber', kinds)).toEqual(['article']);
    expect(namedKinds('customer', kinds)).toEqual(['customer']);
    expect(namedKinds('Too many failed sign-ins for this user.', kinds)).toEqual([]);
    expect(namedKinds('location', kinds)).toEqual([]);
    expect(namedKinds('articles', kinds)).toEqual([]);
  });

  it('in src/, renderers/, schemas/ and conditions/', () => {
    expect(findings(kinds)).toEqual([]);
  });
});
