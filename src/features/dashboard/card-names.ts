import { useLingui } from '@lingui/react/macro';
import type { DashboardCardName, DashboardCardSize } from '../../../schemas/dashboard-layout';

/** The cards' and sizes' names in the user's language, for the edit mode's controls. */
export function useCardTexts() {
  const { t } = useLingui();
  const names: Record<DashboardCardName, string> = {
    favourites: t`Favourites`,
    'recently-used': t`Recently used`,
    version: t`Version`,
    'weekly-turnover': t`Weekly turnover`,
    'document-throughput': t`Monthly document throughput`,
    'exchange-rates': t`Exchange rates`,
    'bridge-status': t`Bridge status`,
    'unprocessed-documents': t`Unprocessed documents`,
    'configuration-changes': t`Configuration changes`,
    'database-usage': t`Database usage`,
  };
  const sizes: Record<DashboardCardSize, string> = { small: t`Small`, medium: t`Medium`, large: t`Large` };
  return { names, sizes };
}
