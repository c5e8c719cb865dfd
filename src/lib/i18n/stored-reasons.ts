import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The reasons the server stores in English (why processing refused a document, why a reprocessing run failed: the
 * checks of server/documents/document-checks.ts, server/terminals/terminal-document-processing.ts and the job
 * reprocess-unprocessed-documents) read in the user's language. The stored text stays the record (support reads it,
 * the filter searches it); a reason this list does not know is shown as stored.
 */
/** The captured parts of a reason (unused ones empty). */
type Parts = [string, string, string, string];

const KNOWN: { pattern: RegExp; translate: (i18n: I18n, parts: Parts) => string }[] = [
  {
    pattern: /^Line (\d+): the tax rate (.+?) does not exist for the tenant's country(?: \((\w+)\))?\.$/,
    translate: (i18n, [line, rate, country]) =>
      country ? i18n._(msg`Line ${line}: the tax rate ${rate} does not exist for the tenant's country (${country}).`) : i18n._(msg`Line ${line}: the tax rate ${rate} does not exist for the tenant's country.`),
  },
  { pattern: /^Line (\d+): the article (.+) does not exist in the tenant\.$/, translate: (i18n, [line, article]) => i18n._(msg`Line ${line}: the article ${article} does not exist in the tenant.`) },
  { pattern: /^Line (\d+): no article with the GTIN (.+) exists in the tenant\.$/, translate: (i18n, [line, gtin]) => i18n._(msg`Line ${line}: no article with the GTIN ${gtin} exists in the tenant.`) },
  { pattern: /^The totals per tax rate name (.+) twice\.$/, translate: (i18n, [rate]) => i18n._(msg`The totals per tax rate name ${rate} twice.`) },
  {
    pattern: /^The totals per tax rate do not add up: at (.+?) the lines come to (.+), the receipt states (.+)\.$/,
    translate: (i18n, [rate, lines, stated]) => i18n._(msg`The totals per tax rate do not add up: at ${rate} the lines come to ${lines}, the receipt states ${stated}.`),
  },
  {
    pattern: /^The totals per tax rate do not add up: at (.+?) net (.+) and tax (.+) do not make (.+)\.$/,
    translate: (i18n, [rate, net, tax, amount]) => i18n._(msg`The totals per tax rate do not add up: at ${rate} net ${net} and tax ${tax} do not make ${amount}.`),
  },
  {
    pattern: /^The totals per tax rate do not add up: the lines at (.+?) \((.+)\) have no total\.$/,
    translate: (i18n, [rate, sum]) => i18n._(msg`The totals per tax rate do not add up: the lines at ${rate} (${sum}) have no total.`),
  },
  {
    pattern: /^The original document (.+) that this (.+) references does not exist in the tenant\.$/,
    translate: (i18n, [original, kind]) => i18n._(msg`The original document ${original} that this ${kind} references does not exist in the tenant.`),
  },
  { pattern: /^The document is in (\w+), but its tenant books in (\w+)\.$/, translate: (i18n, [currency, tenantCurrency]) => i18n._(msg`The document is in ${currency}, but its tenant books in ${tenantCurrency}.`) },
  {
    pattern: /^The POS terminal (\d+) that handed the document in no longer exists in its tenant\.$/,
    translate: (i18n, [terminal]) => i18n._(msg`The POS terminal ${terminal} that handed the document in no longer exists in its tenant.`),
  },
  {
    pattern: /^(\d+) of (\d+) document\(s\) could not be processed and stay unprocessed; the first: (.+)$/s,
    translate: (i18n, [failed, all, first]) => {
      const reason = storedReason(i18n, first);
      return i18n._(msg`${failed} of ${all} documents could not be processed and stay unprocessed; the first: ${reason}`);
    },
  },
];

/** A stored English reason in the user's language when it is a known one, else as stored. */
export function storedReason(i18n: I18n, text: string): string {
  for (const { pattern, translate } of KNOWN) {
    const match = pattern.exec(text);
    if (match) return translate(i18n, [1, 2, 3, 4].map((index) => match[index] ?? '') as Parts);
  }
  return text;
}

/** The lock reasons of pos-operating/document-lock (its Enum options), in the user's language; another value as stored. */
export function lockReason(i18n: I18n, reason: string): string {
  switch (reason) {
    case 'Editing':
      return i18n._(msg`Editing`);
    case 'Processing':
      return i18n._(msg`Processing`);
    case 'Export':
      return i18n._(msg`Export`);
    default:
      return reason;
  }
}
