import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import useSWR from 'swr';
import type { EntityMeta, FormExtensions } from '../../../schemas/entity-document';
import { compileEntity } from '../../../schemas/compile-entity';
import type { PageProps } from '../../app/page-registry';
import { useBackofficeSettings } from '../../shell/backoffice-settings-context';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { useTenancy } from '../../shell/tenancy-context';
import { createDataApi } from './data-api';
import { entityDocumentFromMeta } from './entity-document-from-meta';
import { fetchFormExtensions, fetchMeta, formExtensionsKey, metaKey } from './grid-meta';
import { GridScreen } from './grid-screen';
import { RecordPage } from './record-page';

/** The kind of a grid item: its `entity`, else the last two segments of its path. */
export function kindOfItem(item: PageProps['item']): string {
  if (item.entity) return item.entity;
  const parts = item.path.split('/').filter(Boolean);
  return parts.slice(-2).join('/');
}

/** The record key of a path below the grid (`/data/<area>/<entity>/<id>`), or undefined for the grid itself. */
export function recordKeyOf(subPath: string | undefined): string | undefined {
  const key = subPath?.replace(/\/+$/, '');
  return key && !key.includes('/') ? key : undefined;
}

/**
 * The data grid page of every kind (spec 2 §2): meta and form extensions fetched once (SWR), the document
 * rebuilt and compiled once per locale, then the grid screen, or the full-page editor of one record when the
 * address names its key below the grid's. Rows per page set in the back office settings (lists.pageSize, at any scope)
 * replace the metadata's page size; the grid waits for those settings so that its first page is already of that size.
 */
export function DataGridPage({ item }: PageProps) {
  const { i18n } = useLingui();
  const { tenantOid, storeTill } = useTenancy();
  const kind = kindOfItem(item);
  const recordKey = recordKeyOf(useParams()['*']);
  const api = useMemo(() => createDataApi(kind), [kind]);
  const meta = useSWR<EntityMeta>(metaKey(kind, tenantOid), fetchMeta, { revalidateOnFocus: false });
  const extensions = useSWR<FormExtensions>(formExtensionsKey(kind, tenantOid), fetchFormExtensions, { revalidateOnFocus: false });
  const doc = useMemo(() => (meta.data && extensions.data ? entityDocumentFromMeta(meta.data, extensions.data, item.path) : undefined), [meta.data, extensions.data, item.path]);
  const { pageSize, ready: settingsReady } = useBackofficeSettings();
  const compiled = useMemo(() => {
    const own = doc ? compileEntity(doc, i18n.locale) : undefined;
    return own && pageSize !== undefined && pageSize !== own.grid.pageSize ? { ...own, grid: { ...own.grid, pageSize } } : own;
  }, [doc, i18n.locale, pageSize]);

  // The rows of a kind with scope fields depend on the store and till too (the server narrows them by the headers).
  const narrowed = doc?.scopeFields && storeTill ? `${storeTill.locationOid}/${String(storeTill.terminalOid)}` : 'all';
  const scope = `${String(tenantOid)}:${narrowed}`;

  if (meta.error || extensions.error)
    return (
      <Text color="fg.error" data-testid="grid-load-error">
        <Trans>Error</Trans>: {String((meta.error ?? extensions.error as Error)?.message ?? '')}
      </Text>
    );
  if (!doc || !compiled || !settingsReady) return <BusyHourglass />;
  if (recordKey !== undefined) return <RecordPage key={`${kind}:${scope}:${recordKey}`} item={item} api={api} compiled={compiled} oid={recordKey} />;
  // A new tenant, store or till is a new list: the screen starts over.
  return <GridScreen key={`${kind}:${scope}`} item={item} api={api} doc={doc} compiled={compiled} />;
}
