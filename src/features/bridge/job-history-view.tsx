import { Button, Field, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useState } from 'react';
import { JOB_STATE, type BridgeJob } from './bridge-types';
import { jobStarter } from './job-starter';
import { jobDuration, jobTime } from './job-times';
import { JobStateBadge, useJobStateLabel } from './state-badges';
import { useJobHistory } from './use-job-history';

const FINISHED = [JOB_STATE.success, JOB_STATE.failed, JOB_STATE.cancelled] as const;

/**
 * Finished runs, newest first, filtered by state. `finishedCount` is how many finished runs the live list holds: when
 * it grows, a run has just ended and the history is read again.
 */
export function JobHistoryView({ finishedCount }: { finishedCount: number }) {
  const { t, i18n } = useLingui();
  const stateLabel = useJobStateLabel();
  const [filter, setFilter] = useState<string>('');
  const history = useJobHistory(filter ? Number(filter) : undefined);
  const refresh = useEffectEvent(() => history.refresh());
  useEffect(() => {
    if (finishedCount > 0) refresh();
  }, [finishedCount]);

  // The server filters by state; without a filter it also sends what is queued or running, which the list above shows.
  const shown = history.jobs.filter((job) => (FINISHED as readonly number[]).includes(job.state));

  return (
    <Stack gap="3" data-testid="bridge-history">
      <Field.Root maxW="xs">
        <Field.Label>
          <Trans>State</Trans>
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={filter} onChange={(event) => setFilter(event.currentTarget.value)} data-testid="history-filter">
            <option value="">{t`All finished jobs`}</option>
            {FINISHED.map((state) => (
              <option key={state} value={String(state)}>
                {stateLabel(state)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {history.error ? (
        <Text color="red.fg">{history.error.message}</Text>
      ) : history.loading ? (
        <Text color="fg.muted">
          <Trans>Loading…</Trans>
        </Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" textStyle="sm" data-testid="history-empty">
          <Trans>No finished job matches.</Trans>
        </Text>
      ) : (
        // Focusable, so that a keyboard scrolls the columns a phone cannot show at once.
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`History`}>
          <Table.Root size="sm" striped>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Job</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>State</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Started</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Finished</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Duration</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Started by</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Error</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((job) => (
                <Table.Row key={job.oid} data-testid="history-row" data-state={job.state} data-name={job.name}>
                  <Table.Cell whiteSpace="nowrap">
                    <Text fontFamily="mono">{job.name}</Text>
                    {job.tenant && (
                      <Text textStyle="xs" color="fg.muted">
                        {job.tenant}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <JobStateBadge state={job.state} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{jobTime(job.startedAt, i18n.locale)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{jobTime(job.finishedAt, i18n.locale)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <bdi>{jobDuration(job, i18n.locale)}</bdi>
                  </Table.Cell>
                  <Table.Cell data-testid="history-started-by">
                    <StartedBy job={job} />
                  </Table.Cell>
                  <Table.Cell color="red.fg" minW="48" data-testid="history-error">
                    {job.error}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {history.hasMore && (
        <HStack>
          <Button size="sm" variant="outline" onClick={history.loadMore} loading={history.loadingMore} data-testid="history-more">
            <Trans>Show older jobs</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** Who started a run: the user's login for a manual start (by hand when not known), the schedule otherwise. */
function StartedBy({ job }: { job: BridgeJob }) {
  const starter = jobStarter(job);
  if (starter.by === 'schedule') return <Trans>schedule</Trans>;
  return starter.by === 'user' ? <bdi>{starter.name}</bdi> : <Trans>by hand</Trans>;
}
