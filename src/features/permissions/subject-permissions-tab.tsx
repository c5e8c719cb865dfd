import { HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { toasts } from '../../lib/toasts/toast-store';
import { CheckboxGrid, columnKey, type CheckboxGridRow } from './checkbox-grid';
import { fetchSubjectPermissions, putSubjectPermissions, type PermissionAction, type SubjectKey, type SubjectPermissionsAnswer } from './permission-api';
import { ActionPicker, SubjectPicker } from './permission-pickers';
import { SaveBar } from './save-bar';
import { treeDepths } from './tree-depth';
import { useSavedDraft } from './use-saved-draft';

/**
 * A role's or a user's own permissions for one action as a checkbox tree per tenant: checked is allowed. Values
 * that come from a parent path or from Global are dimmed; saving stores only what differs from what is inherited.
 */
export function SubjectPermissionsTab({ kind }: { kind: 'role' | 'user' }) {
  const { t } = useLingui();
  const [subject, setSubject] = useState<SubjectKey | ''>('');
  const [action, setAction] = useState<PermissionAction>('Read');
  const { data, mutate } = useSWR(subject ? ['/api/admin/subject-permissions', subject, action] : null, ([, s, a]: [string, SubjectKey, PermissionAction]) =>
    fetchSubjectPermissions(s, a),
  );
  const { draft, setDraft, save, saveBarProps } = useSavedDraft<SubjectPermissionsAnswer>(data, mutate);

  const paths = draft?.tenants[0]?.paths ?? [];
  const depths = treeDepths(paths);
  const rows: CheckboxGridRow[] = paths.map((path) => ({
    key: path.p,
    text: path.text,
    detail: path.p,
    depth: depths.get(path.p) ?? 0,
    checked: Object.fromEntries((draft?.tenants ?? []).map((tenant) => [columnKey(tenant), tenant.paths.some((c) => c.p === path.p && c.allowed)])),
    own: Object.fromEntries((draft?.tenants ?? []).map((tenant) => [columnKey(tenant), tenant.paths.some((c) => c.p === path.p && c.decision !== null)])),
  }));

  const savePermissions = () => void save(putSubjectPermissions, () => toasts.show({ type: 'success', title: t`Permissions saved` }));

  return (
    <Stack gap="4">
      <HStack gap="4" align="end" wrap="wrap">
        <SubjectPicker value={subject} onChange={setSubject} kinds={[kind]} />
        <ActionPicker value={action} onChange={setAction} />
      </HStack>
      {draft && (
        <>
          <Text textStyle="sm" color="fg.muted">
            <Trans>Checked means allowed. Dimmed boxes show what a path inherits from its parent or from Global.</Trans>
          </Text>
          <CheckboxGrid
            testId={`${kind}-permissions-grid`}
            rows={rows}
            columns={draft.tenants}
            globalLabel={t`Global`}
            firstHeader={t`Permission`}
            onToggle={(path, column, checked) =>
              setDraft((old) =>
                old && {
                  ...old,
                  tenants: old.tenants.map((tenant) =>
                    tenant.oid !== column.oid ? tenant : { ...tenant, paths: tenant.paths.map((c) => (c.p === path ? { ...c, allowed: checked, decision: checked } : c)) },
                  ),
                },
              )
            }
          />
          <SaveBar {...saveBarProps(savePermissions)} />
        </>
      )}
    </Stack>
  );
}
