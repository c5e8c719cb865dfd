import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../app/page-registry';
import { localizedText } from '../../lib/navigation/navigation-lookup';
import { useBasePath } from '../../shell/base-path';
import { useTenancy } from '../../shell/tenancy-context';
import { DocumentDetailPane } from './document-detail-pane';
import { DocumentGrid } from './document-grid';
import { paramsOfQuery, queryOfParams, type DocumentSort } from './document-query';
import { DocumentQueryForm, draftOf, type DocumentQueryDraft } from './document-query-form';
import type { DocumentSummary } from './document-types';
import { useDocumentDetail, useDocumentList } from './use-document-list';
import { useReceiptCopies, useReceiptDownload } from './use-receipt-copies';
import { useScopeOptions } from './use-scope-options';

const numberOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The document type of the page's path: `/document/receipt/{type}`. */
const typeOfPath = (path: string) => path.split('/').filter(Boolean)[2] ?? 'sales';

/**
 * The document viewer (`/document/{group}/{type}`, component `document-viewer`, docs/documents.md): the query form,
 * filled from and written back to the address (reports drill down with `from`, `to`, `location`, `terminal`,
 * `operator`, `tenant` and the text filters the server names), the documents as a grid, and the selected document (`uid` in the address) beside it.
 */
export function DocumentViewerPage({ item }: PageProps) {
  const { t, i18n } = useLingui();
  const type = typeOfPath(item.path);
  const base = useBasePath();
  const [params, setParams] = useSearchParams();
  const { tenantOid, tenants } = useTenancy();
  const [draft, setDraft] = useState<DocumentQueryDraft>({});
  // The pickers follow the organisation and location chosen in the form.
  const scope = useScopeOptions(tenantOid, { tenant: numberOf(draft.tenant), location: numberOf(draft.location) });
  const query = useMemo(() => queryOfParams(params, scope.textFilters), [params, scope.textFilters]);
  const selected = params.get('uid') ?? undefined;
  // The address is the query that runs: a changed address (a drill-down, back and forward) refills the form.
  const addressQuery = JSON.stringify(query.values);
  const [draftOfAddress, setDraftOfAddress] = useState<string>();
  if (draftOfAddress !== addressQuery) {
    setDraftOfAddress(addressQuery);
    setDraft(draftOf(query.values));
  }

  // The address's text filters are known once the server named them: no list that leaves one out meanwhile.
  const list = useDocumentList(type, scope.settled ? query : undefined);
  const selectedRow = list.rows.find((row) => row.uid === selected);
  const detail = useDocumentDetail(selected, selectedRow?.tenantOid ?? query.values.tenant);
  const copies = useReceiptCopies(detail.detail);
  const download = useReceiptDownload();
  const tenantNames = useMemo(() => (tenants.length > 1 && query.values.tenant === undefined ? new Map(tenants.map((tenant) => [tenant.oid, tenant.text])) : undefined), [tenants, query.values.tenant]);

  const draftValues = queryOfParams(new URLSearchParams(Object.entries(draft).filter(([, value]) => value !== undefined && value !== '') as [string, string][]), scope.textFilters).values;
  const go = (values: typeof query.values, sort: DocumentSort, uid?: string) => setParams(paramsOfQuery(values, sort, uid));
  const select = (document: DocumentSummary) => go(query.values, query.sort, document.uid);
  const hrefOf = (document: DocumentSummary) => `${base}${document.path}?${paramsOfQuery(document.tenantOid === tenantOid ? {} : { tenant: document.tenantOid }, '-date', document.uid).toString()}`;

  return (
    <Stack gap="4" data-testid="document-viewer" data-type={type}>
      <DocumentQueryForm
        draft={draft}
        values={draftValues}
        onChange={setDraft}
        onSubmit={() => (JSON.stringify(draftValues) === addressQuery ? list.refresh() : go(draftValues, query.sort))}
        onReset={() => go({}, '-date')}
        locations={scope.locations}
        terminals={scope.terminals}
        textFilters={scope.textFilters}
        tenants={tenants}
        busy={list.loading}
      />
      <Grid templateColumns={{ base: '1fr', xl: selected ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' }} gap="4" alignItems="start">
        <Stack gap="2" minW="0">
          <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="document-count">
            {list.total === undefined ? (list.error ? <Trans>The documents could not be read.</Trans> : null) : list.exact ? (
              <Plural value={list.total} one="# document" other="# documents" />
            ) : (
              <Plural value={list.total} one="More than # document" other="More than # documents" />
            )}
          </Text>
          <DocumentGrid
            rows={list.rows}
            label={localizedText(item.title, i18n.locale) || t`Documents`}
            sort={query.sort}
            onSortChange={(sort) => go(query.values, sort, selected)}
            selected={selected}
            onSelect={select}
            hasMore={list.hasMore}
            onLoadMore={list.loadMore}
            tenantNames={tenantNames}
          />
        </Stack>
        {selected && (
          <Box minW="0">
            <DocumentDetailPane
              detail={detail.detail}
              loading={detail.loading}
              failed={detail.error !== undefined}
              onClose={() => go(query.values, query.sort)}
              hrefOf={hrefOf}
              base={base}
              copies={copies}
              downloads={detail.detail?.downloads ?? []}
              onDownload={download.start}
              downloading={download.busy}
            />
          </Box>
        )}
      </Grid>
    </Stack>
  );
}
