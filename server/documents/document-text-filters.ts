import type { LocalizedText } from '../../schemas/entity-document';
import type { Catalogue } from '../data/catalogue';
import { DOCUMENT_LIST_QUERY } from './document-query';

/**
 * A text box of the viewer's query form beyond the scope pickers, dates, operator and amounts: a member of the list
 * query matched against a document's lines. The server names them (with the label of the field they search) so that
 * the browser, which knows no entity kinds, renders them as it renders any text box.
 */
export interface DocumentTextFilter {
  /** The list query's member, also the address's parameter (reports' drill-down links and bookmarks use it). */
  name: string;
  maxLength: number;
  label: LocalizedText;
}

/** The line filters of the list query and the metadata field each searches, whose label names the box. */
const LINE_FILTERS = [{ name: 'article', entity: ['pos-supply', 'article'], field: 'ArticleNumber' }] as const;

/** The query form's text boxes for the list call, labelled by the catalogue (the member's name when the kind is gone). */
export function documentTextFilters(catalogue: Catalogue): DocumentTextFilter[] {
  return LINE_FILTERS.map(({ name, entity, field }) => ({
    name,
    maxLength: DOCUMENT_LIST_QUERY.properties[name].maxLength,
    label: catalogue.find(...entity)?.doc.fields.find((candidate) => candidate.name === field)?.label ?? { en: name },
  }));
}
