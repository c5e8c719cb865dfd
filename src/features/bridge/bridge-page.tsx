import { Card, Grid, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useHubStatus } from '../../lib/hub/hub-provider';
import { useNavigationData } from '../../shell/navigation-context';
import { useTenancy } from '../../shell/tenancy-context';
import { BRIDGE_PATH } from './bridge-path';
import { BridgeSummary } from './bridge-summary';
import { JOB_STATE } from './bridge-types';
import { JobHistoryView } from './job-history-view';
import { JobListView } from './job-list-view';
import { StartJobForm } from './start-job-form';
import { useBridge } from './use-bridge';

/** /service/bridge (component 'bridge'): the bridge's state, its live job list, the start form and the history. */
export function BridgePage() {
  const bridge = useBridge({ followJobs: true });
  const { permissions } = useNavigationData();
  const { tenantOid } = useTenancy();
  const { status } = useHubStatus();
  const mayUpdate = permissions[BRIDGE_PATH]?.Update === true;
  const finishedCount = bridge.jobs.filter((job) => job.state >= JOB_STATE.success).length;

  if (!bridge.summary)
    return bridge.error ? (
      <Text color="red.fg" data-testid="bridge-error">
        {bridge.error.message}
      </Text>
    ) : (
      <Text color="fg.muted">
        <Trans>Loading…</Trans>
      </Text>
    );

  return (
    <Stack gap="4" data-testid="bridge-page">
      <Card.Root>
        <Card.Body>
          <BridgeSummary summary={bridge.summary} />
        </Card.Body>
      </Card.Root>
      <Grid templateColumns={{ base: '1fr', lg: mayUpdate ? '3fr 2fr' : '1fr' }} gap="4" alignItems="start">
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">
              <Trans>Jobs</Trans>
            </Card.Title>
            <Card.Description>
              <Trans>Queued and running jobs, and those of the last 24 hours, as they change.</Trans>
            </Card.Description>
          </Card.Header>
          <Card.Body>
            <JobListView jobs={bridge.jobs} definitions={bridge.summary.definitions} mayCancel={mayUpdate} cancel={bridge.cancel} />
          </Card.Body>
        </Card.Root>
        {mayUpdate && (
          <Card.Root>
            <Card.Header>
              <Card.Title as="h2">
                <Trans>Start a job</Trans>
              </Card.Title>
            </Card.Header>
            <Card.Body>
              <StartJobForm key={tenantOid ?? 'none'} definitions={bridge.summary.definitions} start={bridge.start} connected={status === 'connected'} />
            </Card.Body>
          </Card.Root>
        )}
      </Grid>
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">
            <Trans>History</Trans>
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <JobHistoryView key={tenantOid ?? 'none'} finishedCount={finishedCount} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
