import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { LayoutKind } from '../../../schemas/pos-layout';
import type { PageProps } from '../../app/page-registry';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { useBasePath } from '../../shell/base-path';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { useTenancy } from '../../shell/tenancy-context';
import { LayoutEditorPage } from './layout-editor-page';
import { KIND_OF_COMPONENT, type LayoutSummary } from './layout-types';
import { NameScopeDialog } from './name-scope-dialog';
import { useLayouts } from './use-layouts';

type Dialog = { type: 'create' } | { type: 'duplicate'; layout: LayoutSummary } | { type: 'delete'; layout: LayoutSummary };

/** The list of one kind's layouts: name, scope, size, last change; create, duplicate, delete, open in the editor. */
function LayoutList({ kind, basePath }: { kind: LayoutKind; basePath: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { tenantOid } = useTenancy();
  const { layouts, error, loading, reload, create, duplicate, remove } = useLayouts(kind);
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);
  const defaultScope = tenantOid !== undefined ? `TENANT:${tenantOid}` : 'GLOBAL';
  const scopeText = (layout: LayoutSummary) => (layout.scope.level === 'GLOBAL' ? t`Global` : layout.scope.level === 'TERMINAL' ? t`Terminal ${layout.scope.id} ${layout.scope.text}` : layout.scope.text);
  const confirmDelete = async (layout: LayoutSummary) => {
    setBusy(true);
    try {
      await remove(layout.oid);
      toasts.show({ type: 'success', title: t`Layout ${layout.name} deleted` });
      setDialog(undefined);
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="4" data-testid="layout-list">
      <HStack gap="2">
        <Button size="sm" colorPalette="blue" onClick={() => setDialog({ type: 'create' })} data-testid="layout-create">
          {t`New layout`}
        </Button>
      </HStack>
      {loading && <BusyHourglass />}
      {error !== undefined && (
        <HStack role="alert" color="fg.error">
          <Text>{t`The layouts could not be read.`}</Text>
          <Button size="xs" variant="outline" onClick={reload}>
            {t`Try again`}
          </Button>
        </HStack>
      )}
      {layouts && layouts.length === 0 && (
        <Text color="fg.muted">
          <Trans>No layout yet. A new layout starts as an empty grid for a 1024 x 768 screen.</Trans>
        </Text>
      )}
      {layouts && layouts.length > 0 && (
        <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t`Layouts`}>
          <Table.Root size="sm" data-testid="layout-table">
            <Table.Caption srOnly>{t`Layouts`}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Name`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Scope`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Size`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Modified`}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t`Actions`}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {layouts.map((layout) => (
                <Table.Row key={layout.oid} data-layout-oid={layout.oid}>
                  <Table.Cell>
                    <Link to={`${basePath}/${layout.oid}`}>
                      <bdi>{layout.name}</bdi>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>
                    <bdi>{scopeText(layout)}</bdi>
                  </Table.Cell>
                  <Table.Cell>{t`${layout.columns} x ${layout.rows}, ${layout.buttonCount} buttons`}</Table.Cell>
                  <Table.Cell>
                    <Text as="span">{i18n.date(layout.modifiedAt, { dateStyle: 'short', timeStyle: 'short' })}</Text>{' '}
                    <Text as="bdi" color="fg.muted">
                      {layout.modifiedBy}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" justify="end">
                      <Button size="xs" variant="outline" onClick={() => setDialog({ type: 'duplicate', layout })} aria-label={t`Duplicate ${layout.name}`}>
                        {t`Duplicate`}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" disabled={!layout.canChange} onClick={() => setDialog({ type: 'delete', layout })} aria-label={t`Delete ${layout.name}`}>
                        {t`Delete`}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {dialog?.type === 'create' && (
        <NameScopeDialog
          title={t`New layout`}
          actionLabel={t`Create`}
          initialName=""
          initialScope={defaultScope}
          testId="layout-create-dialog"
          onClose={() => setDialog(undefined)}
          onSubmit={async (name, scope) => {
            const created = await create(scope, name);
            void navigate(`${basePath}/${created.oid}`);
          }}
        />
      )}
      {dialog?.type === 'duplicate' && (
        <NameScopeDialog
          title={t`Duplicate ${dialog.layout.name}`}
          actionLabel={t`Duplicate`}
          initialName={t`${dialog.layout.name} (copy)`}
          initialScope={dialog.layout.scope.scope}
          testId="layout-duplicate-dialog"
          onClose={() => setDialog(undefined)}
          onSubmit={async (name, scope) => {
            await duplicate(dialog.layout.oid, scope, name);
            toasts.show({ type: 'success', title: t`Layout ${name} created` });
            setDialog(undefined);
          }}
        />
      )}
      {dialog?.type === 'delete' && (
        <ActionDialog title={t`Delete the layout?`} testId="layout-delete-dialog" role="alertdialog" busy={busy} onCancel={() => setDialog(undefined)} action={{ label: t`Delete`, colorPalette: 'red', onClick: () => void confirmDelete(dialog.layout), testId: 'layout-delete-confirm' }}>
          <Text>
            <Trans>
              The layout <bdi>{dialog.layout.name}</bdi> is removed from the terminals that use it.
            </Trans>
          </Text>
        </ActionDialog>
      )}
    </Stack>
  );
}

/**
 * /settings/pos/quick-accesses and /settings/pos/article-quick-selections (components 'quick-access-list' and
 * 'article-quick-selection-list'): the list of the kind's layouts, and below it (`/{id}`) the visual editor of one.
 */
export function LayoutListPage({ item }: PageProps) {
  const base = useBasePath();
  const kind = KIND_OF_COMPONENT[item.component ?? ''] ?? 'quick-access';
  const sub = useParams()['*'] ?? '';
  const basePath = `${base}${item.path}`;
  const oid = /^[1-9]\d{0,15}$/.test(sub) ? Number(sub) : undefined;
  if (oid !== undefined) return <LayoutEditorPage key={oid} kind={kind} oid={oid} listPath={basePath} />;
  return <LayoutList kind={kind} basePath={basePath} />;
}
