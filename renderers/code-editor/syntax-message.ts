import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SyntaxProblem, SyntaxReason } from './code-syntax';

const REASONS = {
  'unexpected-character': msg`A character that cannot stand here.`,
  'unexpected-end': msg`The text ends too early: something is not closed.`,
  'invalid-escape': msg`An invalid escape or control character in a string.`,
  'trailing-text': msg`More text after the end.`,
  'no-root': msg`There is no element.`,
  'mismatched-tag': msg`This end tag does not close the open element.`,
  'duplicate-attribute': msg`An attribute given twice.`,
} satisfies Record<SyntaxReason, unknown>;

/** A syntax problem in the user's language: "Line 3, column 8: …", with the expected tag or the repeated attribute. */
export function syntaxMessage(problem: SyntaxProblem, i18n: I18n): string {
  const { detail } = problem;
  // Numbers in the user's digits (Intl), as every number the app shows.
  const line = i18n.number(problem.line);
  const column = i18n.number(problem.column);
  const where = i18n._(msg`Line ${line}, column ${column}:`);
  const why = i18n._(REASONS[problem.reason]);
  return detail === undefined ? `${where} ${why}` : `${where} ${why} (${detail})`;
}
