import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { showError } from '../../lib/toasts/show-error';
import { saveCell } from './matrix-cell-save';
import { fetchMatrix, putMatrixCell, type PermissionAction, type SubjectKey } from './permission-api';
import { PermissionMatrix } from './permission-matrix';
import { ActionPicker, SubjectPicker } from './permission-pickers';
import type { PermissionTreeEntry } from './permission-types';

/** The matrix of one role or user for one action, each click saved at once (optimistic, rolled back on failure). */
export function MatrixTab() {
  const [subject, setSubject] = useState<SubjectKey | ''>('');
  const [action, setAction] = useState<PermissionAction>('Read');
  const { data, isLoading } = useSWR(subject ? ['/api/admin/permissions/matrix', subject, action] : null, ([, s, a]: [string, SubjectKey, PermissionAction]) =>
    fetchMatrix(s, a),
  );
  const [rows, setRows] = useState<PermissionTreeEntry[]>([]);
  useEffect(() => setRows(data?.rows ?? []), [data]);

  return (
    <Stack gap="4">
      <HStack gap="4" align="end" wrap="wrap">
        <SubjectPicker value={subject} onChange={setSubject} />
        <ActionPicker value={action} onChange={setAction} />
        {isLoading && <Spinner size="sm" />}
      </HStack>
      {!subject && (
        <Text color="fg.muted">
          <Trans>Choose a role or a user to see and change their decisions.</Trans>
        </Text>
      )}
      {subject && data && (
        <PermissionMatrix
          rows={rows}
          tenants={data.tenants}
          onChange={(next, changed) =>
            void saveCell({
              previous: rows,
              next,
              changed,
              update: setRows,
              save: ({ path, tenantOid, value }) => putMatrixCell({ subject, path, tenantOid, action, value }),
              onError: (error) => showError(error, { method: 'PUT' }),
            })
          }
        />
      )}
    </Stack>
  );
}
