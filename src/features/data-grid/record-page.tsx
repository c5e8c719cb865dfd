import { Box, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { CompiledEntity } from '../../../schemas/compile-entity';
import type { PageProps } from '../../app/page-registry';
import { preloadable } from '../../lib/lazy/preloadable';
import { UnsavedChangesDialog } from '../../lib/ui/unsaved-changes-dialog';
import { useUnsavedGuard } from '../../lib/ui/use-unsaved-guard';
import { useBasePath } from '../../shell/base-path';
import { useNavigationData } from '../../shell/navigation-context';
import type { DataApi } from './data-api';
import { isDirty, storedSession, type EditorSession } from './editor-session';
import { gridAbilities } from './grid-permissions';
import { RowCommandButtons } from './row-command-buttons';
import { useRecord } from './use-record';
import { useRowCommands } from './use-row-commands';

const RecordEditor = preloadable(() => import('./record-editor').then((m) => m.RecordEditor));

interface Props extends PageProps {
  api: DataApi;
  compiled: CompiledEntity;
  /** The record's key as it stands in the address. */
  oid: string;
}

/**
 * The full-page editor of one record (`/data/<area>/<entity>/<id>`, issue 14): a shareable address that works with
 * Back, beside the grid's inline editor. Editable with the Update permission, else read-only; unsaved edits are
 * guarded as in the grid. The kind's row commands the user may run are offered as in the open row's toolbar.
 */
export function RecordPage({ item, api, compiled, oid }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const base = useBasePath();
  const { permissions } = useNavigationData();
  const abilities = useMemo(() => gridAbilities(compiled.meta.operations, permissions, item.path), [compiled.meta.operations, permissions, item.path]);
  const rowCommands = useRowCommands(compiled, permissions, item.path);
  const state = useRecord(api, oid);
  const [session, setSession] = useState<EditorSession>();
  const guard = useUnsavedGuard(session !== undefined && isDirty(session));

  // A record read (again) becomes the session the editor starts from.
  const [readState, setReadState] = useState(state);
  if (readState !== state) {
    setReadState(state);
    if (state.phase === 'found') setSession(storedSession(state.record, state.etag));
  }

  const gridPath = `${base}${item.path}`;
  // Close goes back where the user came from when that was inside the app, else to the kind's grid; with unsaved
  // edits the navigation is held back by the guard, which asks.
  const close = useCallback(() => {
    if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
    else void navigate(gridPath);
  }, [navigate, gridPath]);

  const title = session ? String(session.record[compiled.meta.titleField] ?? oid) : oid;
  return (
    <Box data-testid="record-page" data-oid={oid} p={{ base: '2', md: '4' }}>
      <HStack mb="3" gap="3" flexWrap="wrap">
        <Button asChild size="sm" variant="ghost" data-testid="record-page-grid">
          <RouterLink to={gridPath}>
            <ArrowLeft size={16} aria-hidden /> {compiled.pluralLabel}
          </RouterLink>
        </Button>
        <Text as="h2" textStyle="lg" fontWeight="semibold" data-testid="record-page-title">
          {compiled.label}: <bdi>{title}</bdi>
        </Text>
        {session && (
          <HStack gap="1" flexWrap="wrap" data-testid="record-page-commands">
            <RowCommandButtons rowCommands={rowCommands} record={session.record} size="sm" />
          </HStack>
        )}
      </HStack>
      {state.phase === 'loading' && <Spinner size="sm" aria-label={t`Loading…`} />}
      {state.phase === 'missing' && (
        <Text color="fg.error" data-testid="record-page-missing">
          <Trans>There is no record with the key {oid}.</Trans>
        </Text>
      )}
      {state.phase === 'failed' && (
        <Text color="fg.error" data-testid="record-page-error">
          <Trans>Error</Trans>
        </Text>
      )}
      {session && (
        <Suspense fallback={<Spinner size="sm" />}>
          <RecordEditor compiled={compiled} api={api} session={session} onSessionChange={setSession} readOnly={!abilities.update} keepOpenOnUpdate onSaved={() => undefined} onClose={close} />
        </Suspense>
      )}
      <UnsavedChangesDialog guard={guard} />
    </Box>
  );
}
