import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import useSWR from 'swr';
import { showError } from '../../lib/toasts/show-error';
import { fetchSubjectPermissions, fetchWhy, type PermissionAction, type SubjectKey, type WhyAnswer } from './permission-api';
import { ActionPicker, LabelledSelect, SubjectPicker, useActionLabel } from './permission-pickers';
import { treeDepths } from './tree-depth';

/** The "why" view: for a user, tenant, path and action, which rule decided, in words. */
export function WhyTab() {
  const { t } = useLingui();
  const actionLabel = useActionLabel();
  const [subject, setSubject] = useState<SubjectKey | ''>('');
  const [tenant, setTenant] = useState('');
  const [path, setPath] = useState('/');
  const [action, setAction] = useState<PermissionAction>('Read');
  const [answer, setAnswer] = useState<{ query: { path: string; action: PermissionAction; tenant: string }; why: WhyAnswer } | undefined>();
  // The user's tree gives the paths and the tenants (the user's, as far as the caller administers them).
  const { data: tree } = useSWR(subject ? ['/api/admin/subject-permissions', subject, 'Read'] : null, ([, s]: [string, SubjectKey]) => fetchSubjectPermissions(s, 'Read'));
  const paths = tree?.tenants[0]?.paths ?? [];
  const depths = treeDepths(paths);
  const tenants = (tree?.tenants ?? []).filter((column) => column.oid !== null);
  const tenantText = (oid: string) => tenants.find((column) => String(column.oid) === oid)?.id ?? oid;

  const explain = async () => {
    if (!subject) return;
    try {
      const why = await fetchWhy({ userOid: Number(subject.split(':')[1]), path, action, tenantOid: tenant ? Number(tenant) : null });
      setAnswer({ query: { path, action, tenant }, why });
    } catch (error) {
      showError(error);
    }
  };

  const words = (result: WhyAnswer, query: { path: string; action: PermissionAction; tenant: string }): string => {
    const decided = result.decidedBy;
    const queryAction = actionLabel(query.action);
    const queryPath = query.path;
    if (!decided) return t`Denied: no decision for ${queryAction} on ${queryPath} or any of its parent paths.`;
    const tenantId = tenantText(String(decided.tenantOid));
    const column = decided.tenantOid === null ? t`Global` : t`tenant ${tenantId}`;
    const decidedPath = decided.path;
    if (decided.subject === 'user') {
      return decided.allowed ? t`Allowed by the user's own decision for ${column} on ${decidedPath}.` : t`Denied by the user's own decision for ${column} on ${decidedPath}.`;
    }
    const role = decided.roleName ?? '?';
    return decided.allowed ? t`Allowed by role ${role} for ${column} on ${decidedPath}.` : t`Denied by role ${role} for ${column} on ${decidedPath}.`;
  };

  return (
    <Stack gap="4">
      <HStack gap="4" align="end" wrap="wrap">
        <SubjectPicker value={subject} onChange={setSubject} kinds={['user']} />
        <LabelledSelect label={t`Tenant`} value={tenant} onChange={setTenant} testId="why-tenant">
          <option value="">{t`No tenant (Global only)`}</option>
          {tenants.map((column) => (
            <option key={String(column.oid)} value={String(column.oid)}>
              {column.id ?? column.oid}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect label={t`Path`} value={path} onChange={setPath} testId="why-path">
          {(paths.length ? paths : [{ p: '/', text: '/' }]).map((node) => (
            <option key={node.p} value={node.p}>
              {`${'\u00a0\u00a0'.repeat(depths.get(node.p) ?? 0)}${node.text} (${node.p})`}
            </option>
          ))}
        </LabelledSelect>
        <ActionPicker value={action} onChange={setAction} />
        <Button size="sm" colorPalette="teal" disabled={!subject} onClick={() => void explain()}>
          <Trans>Explain</Trans>
        </Button>
      </HStack>
      {answer && (
        <Alert.Root status={answer.why.allowed ? 'success' : 'warning'} data-testid="why-answer" data-allowed={answer.why.allowed}>
          <Alert.Indicator />
          <Alert.Title>{words(answer.why, answer.query)}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
