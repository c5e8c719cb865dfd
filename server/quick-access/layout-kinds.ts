import type { LayoutKind } from '../../schemas/pos-layout';
import { scopeAccess } from '../pos-settings/settings-access';

/** The page whose rights govern each layout kind (server/metadata/navigation.json), and what its errors call it. */
export const LAYOUT_PAGES: Record<LayoutKind, { path: string; what: string }> = {
  'quick-access': { path: '/settings/pos/quick-accesses', what: 'the quick accesses' },
  'article-quick-selection': { path: '/settings/pos/article-quick-selections', what: 'the article quick selections' },
};

/** Read and change rights per scope, the POS configuration's rules with the kind's own page (docs/settings.md). */
export const layoutAccess = (kind: LayoutKind) => scopeAccess(LAYOUT_PAGES[kind].path, LAYOUT_PAGES[kind].what);
