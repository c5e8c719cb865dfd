import { chakra, NativeSelect, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useId, type ReactNode } from 'react';
import useSWR from 'swr';
import { fetchSubjects, PERMISSION_ACTIONS, type PermissionAction, type SubjectKey, type UserItem } from './permission-api';

const ACTION_LABELS: Record<PermissionAction, MessageDescriptor> = {
  Read: msg`Read`,
  Create: msg`Create`,
  Update: msg`Update`,
  Delete: msg`Delete`,
  Demand: msg`Demand`,
  Patch: msg`Patch`,
};

/** The action's name in the UI language. */
export function useActionLabel(): (action: PermissionAction) => string {
  const { i18n } = useLingui();
  return (action) => i18n._(ACTION_LABELS[action]);
}

/** A labelled native select; the label is visible so the e2e and screen readers find it by name. */
export function LabelledSelect({ label, value, onChange, children, testId }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Stack gap="1" minW="56">
      <chakra.label htmlFor={id} textStyle="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} data-testid={testId} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/** The roles and users to pick from (GET /api/admin/permissions/subjects). */
export function useSubjects() {
  return useSWR('/api/admin/permissions/subjects', fetchSubjects);
}

/** "Ann Smith (ann)", or the username alone. */
export function userText(user: UserItem): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${user.username})` : user.username;
}

/** Picks a role or a user; `kinds` limits the list to roles or users. */
export function SubjectPicker({ value, onChange, kinds = ['role', 'user'] }: { value: SubjectKey | ''; onChange: (subject: SubjectKey) => void; kinds?: Array<'role' | 'user'> }) {
  const { t } = useLingui();
  const { data } = useSubjects();
  const label = kinds.length === 2 ? t`Role or user` : kinds[0] === 'role' ? t`Role` : t`User`;
  return (
    <LabelledSelect label={label} value={value} onChange={(next) => next && onChange(next as SubjectKey)} testId="subject-picker">
      <option value="">{t`Choose…`}</option>
      {kinds.includes('role') && (
        <optgroup label={t`Roles`}>
          {(data?.roles ?? []).map((role) => (
            <option key={`role:${role.oid}`} value={`role:${role.oid}`}>
              {role.name}
            </option>
          ))}
        </optgroup>
      )}
      {kinds.includes('user') && (
        <optgroup label={t`Users`}>
          {(data?.users ?? []).map((user) => (
            <option key={`user:${user.oid}`} value={`user:${user.oid}`}>
              {userText(user)}
            </option>
          ))}
        </optgroup>
      )}
    </LabelledSelect>
  );
}

/** Picks one of the six actions. */
export function ActionPicker({ value, onChange }: { value: PermissionAction; onChange: (action: PermissionAction) => void }) {
  const { t } = useLingui();
  const label = useActionLabel();
  return (
    <LabelledSelect label={t`Action`} value={value} onChange={(next) => onChange(next as PermissionAction)} testId="action-picker">
      {PERMISSION_ACTIONS.map((action) => (
        <option key={action} value={action}>
          {label(action)}
        </option>
      ))}
    </LabelledSelect>
  );
}
