import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { JOB_STATE, type BridgeRunnerState } from './bridge-types';

/** The runner's state in words, coloured: green running, grey stopped, amber while connecting. */
export function BridgeStateBadge({ state }: { state: BridgeRunnerState | undefined }) {
  const { t } = useLingui();
  const [label, palette] =
    state === 'ON' ? [t({ message: 'ON (running)', comment: 'bridge state ON' }), 'green'] : state === 'OFF' ? [t({ message: 'OFF (stopped)', comment: 'bridge state OFF' }), 'gray'] : [t({ message: 'CONNECTING', comment: 'bridge state CONNECTING' }), 'orange'];
  return (
    <Badge colorPalette={palette} variant="solid" size="md" data-testid="bridge-state" data-state={state ?? 'CONNECTING'}>
      {label}
    </Badge>
  );
}

/** A job state in words (spec 2 §4: other values are not shown). */
export function useJobStateLabel(): (state: number) => string | undefined {
  const { t } = useLingui();
  return (state) => {
    switch (state) {
      case JOB_STATE.queued:
        return t({ message: 'Queued', comment: 'bridge job state' });
      case JOB_STATE.running:
        return t({ message: 'Running', comment: 'bridge job state' });
      case JOB_STATE.success:
        return t({ message: 'Succeeded', comment: 'bridge job state' });
      case JOB_STATE.failed:
        return t({ message: 'Failed', comment: 'bridge job state' });
      case JOB_STATE.cancelled:
        return t({ message: 'Cancelled', comment: 'bridge job state' });
      default:
        return undefined;
    }
  };
}

const JOB_PALETTE: Record<number, string> = { [JOB_STATE.queued]: 'gray', [JOB_STATE.running]: 'blue', [JOB_STATE.success]: 'green', [JOB_STATE.failed]: 'red', [JOB_STATE.cancelled]: 'orange' };

/** A job's state as a coloured badge; nothing for a value the spec does not name. */
export function JobStateBadge({ state }: { state: number }) {
  const label = useJobStateLabel()(state);
  if (!label) return null;
  return (
    <Badge colorPalette={JOB_PALETTE[state]} variant="subtle" data-testid="job-state" data-state={state}>
      {label}
    </Badge>
  );
}
