import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pause, Play, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { LoadState } from '../../lib/ui/load-state';
import { ExternalMonitoring } from './external-monitoring';
import { MonitoringFiguresView } from './monitoring-figures-view';
import { MONITORING_REFRESH_MS, useMonitoring } from './use-monitoring';

/**
 * /service/monitoring (component 'monitoring'): the instance's health and figures, read every few seconds; the
 * external dashboard of MATE_MONITORING_URL framed instead when one is configured (docs/monitoring.md).
 */
export function MonitoringPage() {
  const { t, i18n } = useLingui();
  const monitoring = useMonitoring();
  const [builtIn, setBuiltIn] = useState(false);
  const figures = monitoring.figures;
  const external = figures?.externalUrl && !builtIn ? figures.externalUrl : undefined;
  const seconds = MONITORING_REFRESH_MS / 1000;
  return (
    <Stack gap="4" data-testid="monitoring">
      <HStack gap="3" flexWrap="wrap">
        {!external && (
          <>
            <Button size="sm" variant="outline" onClick={monitoring.reload} loading={monitoring.refreshing && monitoring.paused} data-testid="monitoring-refresh">
              <RefreshCw size={14} aria-hidden /> {t`Refresh`}
            </Button>
            <Button size="sm" variant="outline" onClick={() => monitoring.setPaused(!monitoring.paused)} aria-pressed={monitoring.paused} data-testid="monitoring-pause">
              {monitoring.paused ? <Play size={14} aria-hidden /> : <Pause size={14} aria-hidden />} {monitoring.paused ? t`Resume` : t`Pause`}
            </Button>
          </>
        )}
        {figures?.externalUrl && (
          <Button size="sm" variant="outline" onClick={() => setBuiltIn(!builtIn)} data-testid="monitoring-switch">
            {builtIn ? t`Show the external dashboard` : t`Show the built-in figures`}
          </Button>
        )}
        {figures && !external && (
          <Text textStyle="xs" color="fg.muted" data-testid="monitoring-read-at">
            {monitoring.paused ? (
              <Trans>Read at {i18n.date(figures.readAt, { timeStyle: 'medium' })}; paused.</Trans>
            ) : (
              <Trans>
                Read at {i18n.date(figures.readAt, { timeStyle: 'medium' })}; again every {seconds} seconds.
              </Trans>
            )}
          </Text>
        )}
      </HStack>
      <LoadState
        loading={monitoring.loading}
        error={monitoring.error}
        empty={false}
        emptyText=""
        forbiddenText={t`The figures cover the whole installation: they need Read on this page in the Global column.`}
        onRetry={monitoring.reload}
      >
        {external ? <ExternalMonitoring url={external} /> : figures && <MonitoringFiguresView figures={figures} />}
      </LoadState>
    </Stack>
  );
}
