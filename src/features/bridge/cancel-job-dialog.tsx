import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ActionDialog } from '../../lib/ui/action-dialog';
import type { BridgeJob } from './bridge-types';

/** The confirm step before a run is cancelled; a refusal (it finished meanwhile) stays in the dialog. */
export function CancelJobDialog({ job, cancel, onClose }: { job: BridgeJob; cancel: (oid: number) => Promise<unknown>; onClose: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const confirm = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await cancel(job.oid);
      onClose();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={t`Cancel the job?`}
      testId="cancel-job-dialog"
      role="alertdialog"
      busy={busy}
      onCancel={onClose}
      cancel={{ label: <Trans>Keep it running</Trans>, testId: 'cancel-job-keep' }}
      action={{ label: <Trans>Cancel the job</Trans>, colorPalette: 'red', onClick: () => void confirm(), testId: 'cancel-job-confirm' }}
    >
      <Text>
        <Trans>
          The job {job.name} (run {job.oid}) stops at its next step and ends as cancelled.
        </Trans>
      </Text>
      {refusal && (
        <Text color="red.fg" mt="3" role="alert" data-testid="cancel-job-refusal">
          {refusal}
        </Text>
      )}
    </ActionDialog>
  );
}
