import { HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { toasts } from '../../lib/toasts/toast-store';
import { CheckboxGrid, type CheckboxGridRow } from './checkbox-grid';
import { fetchUserRoles, putUserRoles, type SubjectKey, type UserRolesAnswer } from './permission-api';
import { SubjectPicker } from './permission-pickers';
import { SaveBar } from './save-bar';
import { useSavedDraft } from './use-saved-draft';

/** Which roles a user holds in every tenant and per tenant; saving ends the user's sessions (server side). */
export function UserRolesTab() {
  const { t } = useLingui();
  const [subject, setSubject] = useState<SubjectKey | ''>('');
  const userOid = subject ? Number(subject.split(':')[1]) : undefined;
  const { data, mutate } = useSWR(userOid ? ['/api/admin/users/roles', userOid] : null, ([, oid]: [string, number]) => fetchUserRoles(oid));
  const { draft, setDraft, save, saveBarProps } = useSavedDraft<UserRolesAnswer>(data, mutate);

  const roles = draft?.tenants[0]?.roles ?? [];
  const rows: CheckboxGridRow[] = roles.map((role) => ({
    key: String(role.oid),
    text: role.name,
    checked: Object.fromEntries((draft?.tenants ?? []).map((tenant) => [tenant.oid === null ? 'global' : String(tenant.oid), tenant.roles.some((r) => r.oid === role.oid && r.held)])),
  }));

  const saveRoles = () => {
    if (userOid === undefined) return;
    void save(
      (roles) => putUserRoles(userOid, roles),
      () => toasts.show({ type: 'success', title: t`Roles saved`, content: t`The user has to sign in again.` }),
    );
  };

  return (
    <Stack gap="4">
      <HStack align="end">
        <SubjectPicker value={subject} onChange={setSubject} kinds={['user']} />
      </HStack>
      {draft && (
        <>
          <Text textStyle="sm" color="fg.muted">
            <Trans>A role held in “every tenant” counts in all of the user’s tenants; the other columns are the user’s tenants you administer.</Trans>
          </Text>
          <CheckboxGrid
            testId="user-roles-grid"
            rows={rows}
            columns={draft.tenants}
            globalLabel={t`Every tenant`}
            firstHeader={t`Role`}
            onToggle={(roleKey, column, checked) =>
              setDraft((old) =>
                old && {
                  tenants: old.tenants.map((tenant) =>
                    tenant.oid !== column.oid ? tenant : { ...tenant, roles: tenant.roles.map((role) => (String(role.oid) === roleKey ? { ...role, held: checked } : role)) },
                  ),
                },
              )
            }
          />
          <SaveBar {...saveBarProps(saveRoles)} />
        </>
      )}
    </Stack>
  );
}
