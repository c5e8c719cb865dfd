import type { Queryable } from '../db/database';
import { defaultTemplate, DEFAULT_TEMPLATE_XML, parseTemplate, type ReceiptTemplate } from '../../schemas/receipt-template';
import { effectiveStoredTemplate } from './template-store';

/**
 * The template that lays out a document: the one stored at the nearest scope of its chain (terminal, location,
 * tenant, country, global), else the built-in one. A stored template was checked when saved; one that no longer
 * reads (a later, stricter format) falls back to the built-in template rather than failing the download.
 */
export async function effectiveTemplate(db: Queryable, documentType: string, chain: readonly string[] | undefined): Promise<{ template: ReceiptTemplate; from: string | null; xml: string }> {
  const stored = chain && chain.length > 0 ? await effectiveStoredTemplate(db, documentType, chain) : undefined;
  if (stored) {
    const parsed = parseTemplate(stored.xml);
    if (parsed.template && parsed.problems.length === 0) return { template: parsed.template, from: stored.scope, xml: stored.xml };
  }
  return { template: defaultTemplate(), from: null, xml: DEFAULT_TEMPLATE_XML };
}
