import { Code, Grid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatNumber } from '../../lib/format/format-number';
import type { BridgeState } from './bridge-types';
import { BridgeStateBadge } from './state-badges';

function Label({ children }: { children: ReactNode }) {
  return (
    <Text as="dt" color="fg.muted">
      {children}
    </Text>
  );
}

/** State, job counts, version and build date of the bridge (spec 2 §2), for the card and the page. */
export function BridgeSummary({ summary }: { summary: Omit<BridgeState, 'jobs'> }) {
  const { i18n } = useLingui();
  return (
    <Grid as="dl" templateColumns="auto 1fr" columnGap="4" rowGap="1.5" alignItems="center" textStyle="sm" data-testid="bridge-summary">
              <Label><Trans>State</Trans></Label>
        <Text as="dd">
          <BridgeStateBadge state={summary.state} />
        </Text>
              <Label><Trans>Jobs</Trans></Label>
        <Text as="dd" data-testid="bridge-job-count">{formatNumber(summary.jobCount, i18n.locale)}</Text>
              <Label><Trans>Failed jobs</Trans></Label>
        <Text as="dd" data-testid="bridge-failed-count" color={summary.jobFailedCount > 0 ? 'red.fg' : undefined}>
          {formatNumber(summary.jobFailedCount, i18n.locale)}
        </Text>
              <Label><Trans>Version</Trans></Label>
        <Text as="dd">
          <Code data-testid="bridge-version">{summary.version}</Code>
        </Text>
              <Label><Trans>Built</Trans></Label>
        <Text as="dd">{formatDate(summary.buildDate, i18n.locale, { dateStyle: 'medium', timeStyle: 'short' })}</Text>
    </Grid>
  );
}
