import { checkCodeSyntax, type SyntaxProblem } from '../../../renderers/code-editor/code-syntax';
import { checkPlaygroundDocument, type PlaygroundKind } from '../../../schemas/check-playground-document';
import { compileEntityUncached, type CompiledEntity } from '../../../schemas/compile-entity';
import type { EntityDocument } from '../../../schemas/entity-document';
import { jsonPointerOffset } from '../../../schemas/json-pointer-offset';

/** One message of the checker, with the place in the text its path points at (where the cursor goes on a click). */
export interface PlaygroundIssue {
  path: string;
  message: string;
  offset: number | undefined;
}

/** What the playground shows of one text: a syntax problem, or the checker's messages, or the compiled kind. */
export interface PlaygroundCheck {
  syntax: SyntaxProblem | null;
  issues: PlaygroundIssue[];
  /** Only when the text is a document the server would load. */
  document?: EntityDocument;
  compiled?: CompiledEntity;
}

/**
 * Checks the text in the browser, as the server would check the file at start (schemas/check-playground-document.ts,
 * against the catalogue's kinds), and compiles it in the page's language when it passes. Nothing is sent anywhere.
 */
export function runPlaygroundCheck(text: string, catalogue: readonly PlaygroundKind[], locale: string): PlaygroundCheck {
  const syntax = checkCodeSyntax('json', text);
  if (syntax) return { syntax, issues: [] };
  const doc = JSON.parse(text) as unknown;
  const issues = checkPlaygroundDocument(doc, catalogue).map((issue) => ({ path: issue.path, message: issue.message, offset: jsonPointerOffset(text, issue.path) }));
  if (issues.length > 0) return { syntax: null, issues };
  const document = doc as EntityDocument;
  try {
    return { syntax: null, issues, document, compiled: compileEntityUncached(document, locale) };
  } catch (error) {
    // The checker passed what the compiler cannot take: said like a message, so the page stays usable.
    return { syntax: null, issues: [{ path: '', message: `the compiler failed: ${error instanceof Error ? error.message : String(error)}`, offset: 0 }] };
  }
}
