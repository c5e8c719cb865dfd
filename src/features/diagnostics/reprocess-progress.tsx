import { Alert, Button, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { JOB_STATE, type BridgeJob } from '../../../schemas/bridge-wire';
import { storedReason } from '../../lib/i18n/stored-reasons';

/** The reprocessing runs the page started: progress while they run, then how each ended (with the error if any). */
export function ReprocessProgress({ runs, onDismiss }: { runs: BridgeJob[]; onDismiss: () => void }) {
  const { t, i18n } = useLingui();
  if (runs.length === 0) return null;
  const done = runs.every((run) => run.state !== JOB_STATE.queued && run.state !== JOB_STATE.running);
  const stateText = (run: BridgeJob) =>
    run.state === JOB_STATE.queued ? t`Queued` : run.state === JOB_STATE.running ? t`Running` : run.state === JOB_STATE.success ? t`Finished` : run.state === JOB_STATE.failed ? t`Failed` : t`Cancelled`;
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="reprocess-progress" aria-live="polite">
      {runs.map((run) => {
        const tenant = run.tenant ?? `#${run.tenantOid ?? ''}`;
        const count = run.count;
        const max = run.countMax ?? 0;
        return (
          <Stack key={run.oid} gap="1" data-run-state={run.state}>
            <Text textStyle="sm">
              <Trans>
                Reprocessing <bdi>{tenant}</bdi>: {stateText(run)}, {count} of {max} documents
              </Trans>
            </Text>
            <Progress.Root value={run.state === JOB_STATE.queued || max === 0 ? null : Math.min(100, (100 * count) / max)} size="sm" colorPalette={run.state === JOB_STATE.failed ? 'red' : 'blue'}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            {run.error && (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Description>
                  <bdi title={run.error}>{storedReason(i18n, run.error)}</bdi>
                </Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        );
      })}
      {done && (
        <Button size="xs" variant="ghost" alignSelf="start" onClick={onDismiss}>
          {t`Dismiss`}
        </Button>
      )}
    </Stack>
  );
}
