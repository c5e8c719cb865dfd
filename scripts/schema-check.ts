// `npx tsx scripts/schema-check.ts <file|folder>... [--locale de] [--quiet]`: checks entity documents (a folder
// recursively, navigation.json skipped, plus the cross-document checks) and prints either the issues (exit 1)
// or, per document, the compiled JSON Schema and uiSchema (exit 0; with --quiet one OK line per file).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkCatalogue, checkReportCatalogue, compileEntity, LOCALES, validateEntityDocument, validateReportDefinition, type DocumentIssue, type EntityDocument, type ReportDefinition } from '../schemas';
import { compileReport } from '../server/reports/compile-report';
import { isEntityDocumentFile } from '../schemas/metadata-files';

/** A report definition (server/reports/definitions) rather than an entity document: a source and columns, no entity. */
const isReportDefinition = (doc: unknown) => doc !== null && typeof doc === 'object' && 'source' in doc && 'columns' in doc && !('entity' in doc);

const USAGE = 'usage: npx tsx scripts/schema-check.ts <file|folder>... [--locale <locale>] [--quiet]';

interface Options {
  targets: string[];
  locale: string;
  quiet: boolean;
}

function parseArgs(argv: string[]): Options | string {
  const options: Options = { targets: [], locale: 'en', quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quiet') options.quiet = true;
    else if (arg === '--locale') {
      const locale = argv[++i];
      if (!locale || !(LOCALES as readonly string[]).includes(locale)) return `--locale needs one of ${LOCALES.join(', ')}`;
      options.locale = locale;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else options.targets.push(arg);
  }
  return options.targets.length > 0 ? options : 'name a file or folder';
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
  if (docs.length > 0) issues.push(...checkCatalogue(docs));
  if (issues.length === 0) issues.push(...checkReportCatalogue(reports));
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
