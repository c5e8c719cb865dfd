import { SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatBytes } from '../../lib/format/format-bytes';
import { FigureCard } from './figure-card';
import { formatUptime } from './format-uptime';
import type { MonitoringFigures } from './monitoring-types';

/** The instance's figures as cards: requests, latency, jobs, hub, database, uptime and version. */
export function MonitoringFiguresView({ figures }: { figures: MonitoringFigures }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  const ms = (value: number) => <bdi>{new Intl.NumberFormat(i18n.locale, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 1 }).format(value)}</bdi>;
  const { requests, jobs, database } = figures;
  const latency = requests.latencyMs;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="monitoring-figures">
      <FigureCard title={t`Requests`} value={n(requests.count)} testId="monitoring-requests">
        <Text>{t`Refused (4xx): ${n(requests.clientErrors)}`}</Text>
        <Text color={requests.serverErrors > 0 ? 'fg.error' : undefined}>{t`Failed (5xx): ${n(requests.serverErrors)}`}</Text>
      </FigureCard>
      <FigureCard title={t`Latency (p95)`} value={latency ? ms(latency.p95) : '–'} testId="monitoring-latency">
        {latency && (
          <>
            <Text>
              {t`Mean`} {ms(latency.mean)} · p50 {ms(latency.p50)} · {t`max`} {ms(latency.max)}
            </Text>
            <Text>{t`Of the last 1,000 requests`}</Text>
          </>
        )}
      </FigureCard>
      <FigureCard title={t`Jobs`} value={t`${n(jobs.running)} running`} testId="monitoring-jobs">
        <Text>{t`Queued: ${n(jobs.queued)}`}</Text>
        <Text color={jobs.failed > 0 ? 'fg.error' : undefined}>{t`Failed runs kept: ${n(jobs.failed)}`}</Text>
      </FigureCard>
      <FigureCard title={t`Hub connections`} value={figures.hub.connections === null ? '–' : n(figures.hub.connections)} testId="monitoring-hub">
        <Text>{t`Open on this instance`}</Text>
      </FigureCard>
      <FigureCard title={t`Database`} value={database.sizeBytes === null ? '–' : <bdi>{formatBytes(database.sizeBytes, i18n.locale)}</bdi>} testId="monitoring-database">
        <Text>{database.kind === 'postgres' ? 'PostgreSQL' : t`PGlite (embedded)`}</Text>
        {database.connections && <Text>{t`Sessions: ${n(database.connections.active)} active, ${n(database.connections.idle)} idle, ${n(database.connections.total)} in all`}</Text>}
      </FigureCard>
      <FigureCard title={t`Uptime`} value={<bdi>{formatUptime(figures.uptimeSeconds, i18n.locale)}</bdi>} testId="monitoring-uptime">
        <Text>
          {t`Version`} <bdi>{figures.version}</bdi>
        </Text>
        <Text>{t`Built ${i18n.date(figures.buildDate, { dateStyle: 'medium', timeStyle: 'short' })}`}</Text>
      </FigureCard>
    </SimpleGrid>
  );
}
