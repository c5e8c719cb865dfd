// `npx tsx scripts/schema-check.ts [<file|folder>...] [--locale de] [--quiet] [--alone]`: checks entity documents (a
// folder recursively) together with the built-in catalogue, as the server does at start: the cross-document checks
// and the navigation (server/metadata/navigation.json merged with a navigation.json at the top of each folder named,
// a menu entry made for every kind). Prints either the issues (exit 1) or, per document named, the compiled JSON
// Schema and uiSchema (exit 0; with --quiet one OK line per file). Without targets: server/metadata and
// $MATE_METADATA_DIR. --alone checks the targets as a catalogue of their own (fixtures), without navigation.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkCatalogue, checkReportCatalogue, compileEntity, LOCALES, validateEntityDocument, validateReportDefinition, type DocumentIssue, type EntityDocument, type ReportDefinition } from '../schemas';
import { compileReport } from '../server/reports/compile-report';
import { isEntityDocumentFile } from '../schemas/metadata-files';
import { buildNavigation, type NavigationFile } from '../server/metadata/build-navigation';
import { BUILT_IN_METADATA_DIR } from '../server/metadata/load-navigation';
import { catalogueWarnings } from '../server/metadata/catalogue-warnings';
import { versionNotBumped } from '../server/metadata/version-bump-warning';

/** A report definition (server/reports/definitions) rather than an entity document: a source and columns, no entity. */
const isReportDefinition = (doc: unknown) => doc !== null && typeof doc === 'object' && 'source' in doc && 'columns' in doc && !('entity' in doc);

const USAGE = 'usage: npx tsx scripts/schema-check.ts [<file|folder>...] [--locale <locale>] [--quiet] [--alone]';

interface Options {
  targets: string[];
  locale: string;
  quiet: boolean;
  alone: boolean;
}

function parseArgs(argv: string[]): Options | string {
  const options: Options = { targets: [], locale: 'en', quiet: false, alone: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quiet') options.quiet = true;
    else if (arg === '--alone') options.alone = true;
    else if (arg === '--locale') {
      const locale = argv[++i];
      if (!locale || !(LOCALES as readonly string[]).includes(locale)) return `--locale needs one of ${LOCALES.join(', ')}`;
      options.locale = locale;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else options.targets.push(arg);
  }
  if (options.targets.length === 0 && options.alone) return 'name a file or folder to check alone';
  if (options.targets.length === 0) options.targets.push(path.relative(process.cwd(), BUILT_IN_METADATA_DIR), ...(process.env.MATE_METADATA_DIR ? [process.env.MATE_METADATA_DIR] : []));
  return options;
}

function collect(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .sort()
    .flatMap((name) => {
      const full = path.join(target, name);
      if (statSync(full).isDirectory()) return collect(full);
      return isEntityDocumentFile(name) ? [full] : [];
    });
}

/** The file as last committed, when it lies in a git work tree and was committed (else undefined). */
function committed(file: string): unknown {
  try {
    const text = execFileSync('git', ['-C', path.dirname(path.resolve(file)), 'show', `HEAD:./${path.basename(file)}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The merged navigation of the built-in file and the navigation.json at the top of each folder named. */
function checkNavigation(targets: readonly string[], docs: { file: string; doc: EntityDocument }[]): DocumentIssue[] {
  const folders = [BUILT_IN_METADATA_DIR, ...targets.filter((target) => statSync(target).isDirectory() && path.resolve(target) !== BUILT_IN_METADATA_DIR)];
  const files: NavigationFile[] = [];
  const issues: DocumentIssue[] = [];
  for (const folder of folders) {
    const file = path.join(folder, 'navigation.json');
    if (!existsSync(file)) continue;
    const shown = path.relative(process.cwd(), file);
    try {
      files.push({ file: shown, items: JSON.parse(readFileSync(file, 'utf8')) as unknown });
    } catch (error) {
      issues.push({ file: shown, path: '', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  return issues.length > 0 ? issues : buildNavigation(files, docs).issues;
}

function main(argv: string[]): number {
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    console.error(`${options}\n${USAGE}`);
    return 2;
  }
  const files: string[] = [];
  for (const target of options.targets) {
    try {
      files.push(...collect(target));
    } catch {
      console.error(`cannot read ${target}\n${USAGE}`);
      return 2;
    }
  }
  const issues: DocumentIssue[] = [];
  const docs: { file: string; doc: unknown }[] = [];
  const reports: { file: string; doc: ReportDefinition }[] = [];
  for (const file of files) {
    const shown = path.relative(process.cwd(), file) || file;
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      issues.push({ file: shown, path: '', message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    if (isReportDefinition(doc)) {
      reports.push({ file: shown, doc: doc as ReportDefinition });
      issues.push(...validateReportDefinition(doc, shown));
      continue;
    }
    docs.push({ file: shown, doc });
    issues.push(...validateEntityDocument(doc, shown));
  }
  // The built-in catalogue joins the documents named, so a lookup into a built-in kind resolves and a kind the
  // product already defines is refused, as at start (files named twice count once).
  const named = new Set(files.map((file) => path.resolve(file)));
  const context = options.alone ? [] : collect(BUILT_IN_METADATA_DIR).filter((file) => !named.has(path.resolve(file))).map((file) => ({ file: path.relative(process.cwd(), file), doc: JSON.parse(readFileSync(file, 'utf8')) as unknown }));
  if (docs.length > 0) issues.push(...checkCatalogue([...context, ...docs]));
  if (issues.length === 0 && !options.alone) issues.push(...checkNavigation(options.targets, [...context, ...docs] as { file: string; doc: EntityDocument }[]));
  if (issues.length === 0) issues.push(...checkReportCatalogue(reports));
  // Legal but suspicious (missing languages, icons the product does not draw, a document changed since its last
  // commit with the same version): said, not counted as issues.
  if (issues.length === 0 && !options.alone) {
    const navigationFiles = options.targets
      .filter((target) => statSync(target).isDirectory() && existsSync(path.join(target, 'navigation.json')))
      .map((target) => ({ file: path.join(target, 'navigation.json'), items: JSON.parse(readFileSync(path.join(target, 'navigation.json'), 'utf8')) as [] }));
    const unbumped = docs.flatMap(({ file, doc }) => versionNotBumped(file, committed(file), doc) ?? []);
    for (const warning of [...catalogueWarnings(docs as { file: string; doc: EntityDocument }[], navigationFiles), ...unbumped]) console.log(`warning: ${warning.file} ${warning.path || '/'}: ${warning.message}`);
  }
  if (issues.length > 0) {
    for (const issue of issues) console.log(`${issue.file} ${issue.path || '/'}: ${issue.message}`);
    console.log(`${issues.length} issue${issues.length === 1 ? '' : 's'} in ${new Set(issues.map((i) => i.file)).size} of ${files.length} file(s)`);
    return 1;
  }
  for (const { file, doc } of reports) {
    if (options.quiet) console.log(`OK ${file}`);
    else {
      // The rows statement of a run in tenant 1 over a month: what the definition asks of the database.
      const run = { tenantOid: 1, fromInstant: '2026-01-01T00:00:00.000Z', toInstant: '2026-02-01T00:00:00.000Z', grouping: 'day' as const };
      console.log(`== ${file} (report ${doc.group}/${doc.type})`);
      console.log(JSON.stringify(compileReport(doc).rows(run, { limit: 5000, offset: 0 }), null, 2));
    }
  }
  for (const { file, doc } of docs) {
    if (options.quiet) {
      console.log(`OK ${file}`);
      continue;
    }
    const compiled = compileEntity(doc as EntityDocument, options.locale);
    console.log(`== ${file} (${compiled.key})`);
    console.log(JSON.stringify({ schema: compiled.schema, uiSchema: compiled.uiSchema }, null, 2));
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
