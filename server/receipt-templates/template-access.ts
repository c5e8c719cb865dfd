import { scopeAccess } from '../pos-settings/settings-access';

/** The page whose rights govern receipt templates (server/metadata/navigation.json). */
export const TEMPLATE_PAGE = '/visual-receipt-designer/receipt';

/** Read and change rights per scope: the POS configuration's rules with the designer page's rights (docs/settings.md). */
export const templateAccess = scopeAccess(TEMPLATE_PAGE, 'the receipt templates');
