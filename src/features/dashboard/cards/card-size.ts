import type { DashboardCardSize } from '../../../../schemas/dashboard-layout';

/** How tall a card's chart is at each tile size. */
export const CHART_HEIGHT: Record<DashboardCardSize, string> = { small: '32', medium: '44', large: '64' };
