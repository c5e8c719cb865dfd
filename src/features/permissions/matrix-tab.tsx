import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { MatrixLegend } from './matrix-legend';
import { MatrixUnchangedHint } from './matrix-unchanged-hint';
import { fetchMatrix, putMatrixCell, type PermissionAction, type SubjectKey } from './permission-api';
import { matrixColumnLabel, PermissionMatrix } from './permission-matrix';
import { ActionPicker, SubjectPicker } from './permission-pickers';
import { SaveBar } from './save-bar';
import { useMatrixDraft } from './use-matrix-draft';

/**
 * The matrix of one role or user for one action. Clicks are staged and marked; Save sends them and says how it
 * went (the server's reason on failure, with what was not stored still staged); Discard drops them.
 */
export function MatrixTab() {
  const { t } = useLingui();
  const [subject, setSubject] = useState<SubjectKey | ''>('');
  const [action, setAction] = useState<PermissionAction>('Read');
  const { data, isLoading } = useSWR(subject ? ['/api/admin/permissions/matrix', subject, action] : null, ([, s, a]: [string, SubjectKey, PermissionAction]) =>
    fetchMatrix(s, a),
    // A refetch replaces the rows the staged clicks apply to; it happens only when the subject or action changes.
    { revalidateOnFocus: false, revalidateOnReconnect: false },
  );
  const draft = useMatrixDraft(data?.rows, (cell) => putMatrixCell({ subject: subject as SubjectKey, action, ...cell }));
  const columnLabel = (column: Parameters<typeof matrixColumnLabel>[0]) => matrixColumnLabel(column, data?.tenants ?? [], t`Global`);

  // Another subject or action would drop the staged clicks: the user decides.
  const leaveDraft = () => !draft.dirty || window.confirm(t`Discard the unsaved changes of this matrix?`);

  async function save() {
    const result = await draft.saveAll();
    if (result.failed) {
      showError(result.failed.error, { method: 'PUT' });
    } else {
      toasts.show({ type: 'success', title: plural(result.saved, { one: '# change saved', other: '# changes saved' }) });
    }
  }

  return (
    <Stack gap="4">
      <HStack gap="4" align="end" wrap="wrap">
        <SubjectPicker value={subject} onChange={(next) => leaveDraft() && setSubject(next)} />
        <ActionPicker value={action} onChange={(next) => leaveDraft() && setAction(next)} />
        {isLoading && <Spinner size="sm" />}
      </HStack>
      {!subject && (
        <Text color="fg.muted">
          <Trans>Choose a role or a user to see and change their decisions.</Trans>
        </Text>
      )}
      {subject && data && (
        <>
          <MatrixLegend />
          <SaveBar dirty={draft.dirty} busy={draft.busy} onSave={() => void save()} onDiscard={draft.discard} />
          <MatrixUnchangedHint unchanged={draft.unchanged} rows={draft.rows} columnLabel={columnLabel} />
          <PermissionMatrix rows={draft.rows} tenants={data.tenants} staged={draft.cells} onCellClick={draft.click} />
        </>
      )}
    </Stack>
  );
}
