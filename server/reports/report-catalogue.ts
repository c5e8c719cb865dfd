import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReportCatalogue, reportCode, reportPath, validateReportDefinition, type DocumentIssue, type ReportDefinition } from '../../schemas';
import { compileReport, ReportCompileError, type CompiledReport } from './compile-report';

/** The built-in report definitions: `server/reports/definitions/{group}.{type}.json`. */
export const BUILT_IN_REPORTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'definitions');

/** One report as the routes serve it. */
export interface ReportEntry {
  code: string;
  path: string;
  file: string;
  definition: ReportDefinition;
  compiled: CompiledReport;
}

/** Every report, found by group and type. */
export interface ReportCatalogue {
  reports: readonly ReportEntry[];
  find(group: string, type: string): ReportEntry | undefined;
}

/** The definitions could not be loaded; the message lists every issue with file, path and what is expected. */
export class ReportCatalogueError extends Error {
  constructor(readonly issues: DocumentIssue[]) {
    super(`The report definitions have ${issues.length} problem(s):\n${issues.map((i) => `  ${i.file}${i.path ? ` at ${i.path}` : ''}: ${i.message}`).join('\n')}`);
    this.name = 'ReportCatalogueError';
  }
}

/** Checks and compiles definitions already parsed; answers the issues (empty when all compile) and the catalogue. */
export function buildReportCatalogue(raw: readonly { file: string; doc: unknown }[]): { issues: DocumentIssue[]; catalogue?: ReportCatalogue } {
  const issues = raw.flatMap(({ file, doc }) => validateReportDefinition(doc, file));
  if (issues.length === 0) issues.push(...checkReportCatalogue(raw as { file: string; doc: ReportDefinition }[]));
  if (issues.length > 0) return { issues };
  const reports: ReportEntry[] = [];
  for (const { file, doc } of raw as { file: string; doc: ReportDefinition }[]) {
    try {
      reports.push({ code: reportCode(doc), path: reportPath(doc), file, definition: doc, compiled: compileReport(doc) });
    } catch (error) {
      if (!(error instanceof ReportCompileError)) throw error;
      issues.push({ file, path: error.path, message: error.message });
    }
  }
  if (issues.length > 0) return { issues };
  const byCode = new Map(reports.map((r) => [r.code, r]));
  return { issues, catalogue: { reports, find: (group, type) => byCode.get(`${group}/${type}`) } };
}

/** Reads every `*.json` of the folders, checks and compiles them; throws ReportCatalogueError naming every problem. */
export async function loadReportCatalogue(dirs: readonly string[] = [BUILT_IN_REPORTS_DIR]): Promise<ReportCatalogue> {
  const issues: DocumentIssue[] = [];
  const raw: { file: string; doc: unknown }[] = [];
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => undefined);
    if (!names) {
      issues.push({ file: dir, path: '', message: 'the report definitions folder does not exist' });
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const file = path.join(dir, name);
      try {
        raw.push({ file, doc: JSON.parse(await readFile(file, 'utf8')) as unknown });
      } catch (error) {
        issues.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
      }
    }
  }
  const built = buildReportCatalogue(raw);
  issues.push(...built.issues);
  if (issues.length > 0 || !built.catalogue) throw new ReportCatalogueError(issues);
  return built.catalogue;
}
