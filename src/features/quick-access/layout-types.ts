import type { LayoutContent, LayoutKind, LayoutProblem } from '../../../schemas/pos-layout';

/** A level of a scope as the server names it (docs/settings.md "Scopes"). */
export interface ScopeLink {
  level: 'GLOBAL' | 'COUNTRY' | 'TENANT' | 'LOCATION' | 'TERMINAL';
  key: string;
  scope: string;
  id: string;
  text: string;
}

/** One row of GET /api/pos-layouts/{kind}. */
export interface LayoutSummary {
  oid: number;
  name: string;
  scope: ScopeLink;
  columns: number;
  rows: number;
  buttonCount: number;
  version: number;
  modifiedAt: string;
  modifiedBy: string;
  canChange: boolean;
}

/** GET /api/pos-layouts/{kind}/{id}: the layout with what is wrong with it now. */
export interface StoredLayout extends LayoutSummary {
  kind: LayoutKind;
  chain: ScopeLink[];
  content: LayoutContent;
  problems: LayoutProblem[];
}

/** The layout kind each navigation component edits. */
export const KIND_OF_COMPONENT: Record<string, LayoutKind> = {
  'quick-access-list': 'quick-access',
  'article-quick-selection-list': 'article-quick-selection',
};

export const layoutsPath = (kind: LayoutKind) => `/api/pos-layouts/${kind}`;
