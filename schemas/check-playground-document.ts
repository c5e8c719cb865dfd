import { checkCatalogue } from './check-catalogue';
import type { DocumentIssue } from './document-issue';
import type { EntityDocument } from './entity-document';
import { validateEntityDocument } from './validate-entity-document';

/** One kind of the catalogue the playground checks against (GET /api/schema-playground/catalogue). */
export interface PlaygroundKind {
  kind: string;
  document: unknown;
}

/** The file name the playground's issues carry: no `.json`, so the file-name check (entity = file name) stays out. */
export const PLAYGROUND_FILE = 'playground';

/**
 * Checks a parsed entity document as the server would at start (docs/metadata.md "Checks and error messages"):
 * its shape and field model, then its lookups and detail views against the catalogue. The document stands in for
 * a kind of the same `<area>/<entity>` (editing an existing kind), so it is not refused as defined twice. Returns
 * the issues, empty when the document would load.
 */
export function checkPlaygroundDocument(doc: unknown, catalogue: readonly PlaygroundKind[]): DocumentIssue[] {
  const issues = validateEntityDocument(doc, PLAYGROUND_FILE);
  if (issues.length > 0) return issues;
  const { area, entity } = doc as EntityDocument;
  const others = catalogue.filter((entry) => entry.kind !== `${area}/${entity}`).map((entry) => ({ file: entry.kind, doc: entry.document }));
  return checkCatalogue([...others, { file: PLAYGROUND_FILE, doc }]).filter((issue) => issue.file === PLAYGROUND_FILE);
}
