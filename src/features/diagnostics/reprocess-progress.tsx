import { Alert, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { JOB_STATE, isActive, type BridgeJob } from '../../../schemas/bridge-wire';
import { storedReason } from '../../lib/i18n/stored-reasons';
import { reprocessFigures } from './reprocess-figures';

interface ReprocessProgressProps {
  run: BridgeJob | undefined;
  onCancel: () => void;
  cancelling: boolean;
  onDismiss: () => void;
}

/**
 * The reprocessing run the page started: documents done of all while it runs (cancellable), then how it ended:
 * booked n, still failing m (their reasons are the list's), with the first reason.
 */
export function ReprocessProgress({ run, onCancel, cancelling, onDismiss }: ReprocessProgressProps) {
  const { t, i18n } = useLingui();
  if (!run) return null;
  const active = isActive(run);
  const count = run.count;
  const max = run.countMax ?? 0;
  const stateText = run.state === JOB_STATE.queued ? t`Queued` : run.state === JOB_STATE.running ? t`Running` : run.state === JOB_STATE.success ? t`Finished` : run.state === JOB_STATE.failed ? t`Failed` : t`Cancelled`;
  const figures = reprocessFigures(run);
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="reprocess-progress" data-run-state={run.state} aria-live="polite">
      <Text textStyle="sm" data-testid="reprocess-count">
        <Trans>
          Reprocessing: {stateText}, {count} of {max} documents
        </Trans>
      </Text>
      <Progress.Root value={run.state === JOB_STATE.queued || max === 0 ? null : Math.min(100, (100 * count) / max)} size="sm" colorPalette={run.state === JOB_STATE.failed ? 'red' : 'blue'} aria-label={t`Reprocessing progress`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {figures && (
        <Text textStyle="sm" fontWeight="medium" data-testid="reprocess-result" data-booked={figures.booked} data-failing={figures.failing}>
          {figures.failing === 0 ? t`${figures.booked} documents booked.` : t`${figures.booked} documents booked, ${figures.failing} still fail: their reasons are in the list.`}
        </Text>
      )}
      {run.error && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>
            <bdi title={run.error}>{storedReason(i18n, run.error)}</bdi>
          </Alert.Description>
        </Alert.Root>
      )}
      <HStack>
        {active ? (
          <Button size="xs" variant="outline" onClick={onCancel} loading={cancelling} data-testid="reprocess-cancel">
            {t`Cancel reprocessing`}
          </Button>
        ) : (
          <Button size="xs" variant="ghost" onClick={onDismiss}>
            {t`Dismiss`}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
