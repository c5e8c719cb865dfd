import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { EntityForm, type EntityFormHandle } from '../../../renderers';
import { pendingServerErrors, RECORD_ERROR_KEY, type ServerFieldErrors } from '../../../renderers/form/form-validation';
import { fieldLabel, findField, type CompiledEntity } from '../../../schemas';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { BusyButton } from '../../lib/ui/busy-button';
import { ConflictResolver } from './conflict-resolver';
import type { DataApi, DataRecord, LastChange } from './data-api';
import { createLookupResolver, createLookupSource } from './data-lookups';
import { closeButtonKind, storedSession, type EditorSession } from './editor-session';
import { ChangedElsewhereNotice } from './changed-elsewhere-notice';
import { useChangedElsewhere } from './use-changed-elsewhere';
import { HistoryPanel } from './history-panel';
import { useDateStyle } from '../../lib/format/date-style';
import { useLatest } from '../../lib/ui/use-latest';

/** The closing animation after a save (spec 2 §4). */
export const CLOSE_ANIMATION_MS = 350;

const lookupSource = createLookupSource();
const resolveLookup = createLookupResolver();

/**
 * Asks the editor to focus a field's input; each F2 is a new object, so pressing it again focuses again. A request is
 * applied once: the editor reports it with `onFocusApplied` (its owner drops it) and never applies the same object
 * twice, so a later render (after a save, a new version of the record) leaves the focus where the user put it.
 */
export interface FocusRequest {
  field: string;
}

/** Props of the record editor. */
export interface RecordEditorProps {
  compiled: CompiledEntity;
  api: DataApi;
  session: EditorSession;
  onSessionChange: (session: EditorSession) => void;
  readOnly?: boolean;
  /** Stay open after a save instead of closing with the animation. */
  keepOpenOnUpdate?: boolean;
  onSaved: (record: DataRecord, created: boolean) => void;
  onClose: () => void;
  /** Focus this field's input (F2 on a grid cell; the layout's first field when blank): a new request each time. */
  focusRequest?: FocusRequest | undefined;
  /** The focus request was applied: the owner drops it, so that no later editor of the row applies it again. */
  onFocusApplied?: ((request: FocusRequest) => void) | undefined;
}

/**
 * The entity editor (spec 2 §2, §4): the tabbed EntityForm with Save and Close/Cancel. Save creates without a key
 * and updates with If-Match otherwise; 304 is a success that keeps the local data; 409 opens the conflict resolver;
 * the server's field errors show on their fields (until edited), with a one-line summary above the form.
 */
export function RecordEditor({ compiled, api, session, onSessionChange, readOnly = false, keepOpenOnUpdate = false, onSaved, onClose, focusRequest, onFocusApplied }: RecordEditorProps) {
  const { t, i18n } = useLingui();
  const dateStyle = useDateStyle();
  const form = useRef<EntityFormHandle>(null);
  const [conflict, setConflict] = useState<{ theirs: DataRecord | null; modified: LastChange | null } | null>(null);
  // What the server refused, with the values it refused: a field's messages go once the user edits it.
  const [refused, setRefused] = useState<{ errors: ServerFieldErrors; value: DataRecord }>();
  const [closing, setClosing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const latestRef = useLatest(session);
  const elsewhere = useChangedElsewhere(api, session, onSessionChange);

  // Opened from the keyboard on a cell: the user goes on typing in that cell's field. Once: a focus request taken
  // again on a later render would pull the focus back from wherever the user has moved it since.
  const appliedFocus = useRef<FocusRequest>(undefined);
  useEffect(() => {
    if (!focusRequest || appliedFocus.current === focusRequest) return;
    appliedFocus.current = focusRequest;
    form.current?.focus(focusRequest.field || (compiled.layout.tabs[0]?.groups[0]?.fields[0] ?? ''));
    onFocusApplied?.(focusRequest);
  }, [focusRequest, compiled.layout, onFocusApplied]);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(onClose, CLOSE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [closing, onClose]);

  /** A field as the user knows it: its label in the editor's language (the stored name only for an unknown path). */
  const labelOf = (path: string) => {
    const field = findField(compiled.meta.fields, path);
    return field ? fieldLabel(field, compiled.locale) : path;
  };

  const root = useRef<HTMLDivElement>(null);
  const finish = (record: DataRecord, created: boolean) => {
    toasts.show({ type: 'success', title: t`Operation successful`, content: t`Saved.` });
    onSaved(record, created);
    if (!keepOpenOnUpdate) return setClosing(true);
    // The Save button is disabled while it saves, and a disabled button loses the focus to the page: it comes back
    // into the editor that stays open, where Escape closes it and Tab goes on from here.
    const focused = document.activeElement;
    if (!focused || focused === document.body) root.current?.focus({ preventScroll: true });
  };

  const submit = async (value: DataRecord, etag: string | undefined) => {
    setRefused(undefined);
    try {
      const result = await api.save(value, etag);
      if (result.kind === 'conflict') {
        setConflict({ theirs: result.current, modified: result.modified });
        return;
      }
      const now = latestRef.current;
      if (result.kind === 'unchanged') {
        onSessionChange({ ...now, record: now.value });
        finish(now.value, false);
        return;
      }
      onSessionChange(storedSession(result.record, result.etag));
      finish(result.record, now.isNew);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.errors) setRefused({ errors: error.body.errors, value });
      showError(error);
      throw error;
    }
  };

  const save = async () => {
    const validation = form.current?.validate();
    if (validation && !validation.valid) {
      const fields = [...new Set(validation.errors.map((e) => labelOf(e.path)))];
      toasts.show({ type: 'warning', title: t`Please correct the marked fields.`, content: fields.join(', ') });
      throw new Error('invalid');
    }
    await submit(latestRef.current.value, latestRef.current.etag);
  };

  const takeOther = () => {
    const theirs = conflict?.theirs;
    setConflict(null);
    if (theirs) onSessionChange(storedSession(theirs));
    else void reload();
  };

  const reload = async () => {
    try {
      const fresh = await api.read(latestRef.current.record.Oid);
      if (fresh) onSessionChange(storedSession(fresh.record, fresh.etag));
    } catch (error) {
      showError(error);
    }
  };

  const keepMine = async () => {
    setConflict(null);
    try {
      // The latest version tag, then the same values again.
      const fresh = await api.read(latestRef.current.record.Oid);
      if (!fresh) return;
      const mine = { ...latestRef.current.value, ETag: fresh.etag };
      onSessionChange({ ...latestRef.current, value: mine, etag: fresh.etag });
      await submit(mine, fresh.etag);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) showError(error);
    }
  };

  // Ctrl+Enter (Cmd+Enter) saves from any field, as the Save button does: keyboard users need not Tab past every field.
  const buttons = useRef<HTMLDivElement>(null);
  const saveKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || readOnly) return;
    event.preventDefault();
    buttons.current?.querySelector<HTMLButtonElement>('[data-testid="editor-save"]')?.click();
  };

  const closeKind = closeButtonKind(session, readOnly);
  const pending = refused ? pendingServerErrors(refused.errors, refused.value, session.value) : {};
  const refusedFields = Object.keys(pending).map(labelOf);
  const names = refusedFields.join(', ');
  const recordWide = refused?.errors[RECORD_ERROR_KEY] ?? [];
  return (
    <Box
      ref={root}
      tabIndex={-1}
      outline="none"
      data-testid="record-editor"
      data-closing={closing || undefined}
      onKeyDown={saveKey}
      transition={`opacity ${CLOSE_ANIMATION_MS}ms ease, transform ${CLOSE_ANIMATION_MS}ms ease`}
      opacity={closing ? 0 : 1}
      transform={closing ? 'translateY(-8px)' : undefined}
    >
      {!readOnly && <ChangedElsewhereNotice elsewhere={elsewhere} />}
      {(refusedFields.length > 0 || recordWide.length > 0) && (
        <Box data-testid="server-errors" role="alert" borderWidth="1px" borderColor="red.muted" bg="red.subtle" borderRadius="md" p="2" mb="2" textStyle="sm">
          {refusedFields.length > 0 && <Text>{t`The server refused these fields: ${names}`}</Text>}
          {recordWide.map((message) => (
            <Text key={message}>{message}</Text>
          ))}
        </Box>
      )}
      <EntityForm
        ref={form}
        compiled={compiled}
        value={session.value}
        onChange={(value) => onSessionChange({ ...latestRef.current, value })}
        readOnly={readOnly}
        lookupSource={lookupSource}
        resolveLookup={resolveLookup}
        locale={i18n.locale}
        dateStyle={dateStyle}
        serverErrors={refused?.errors}
      />
      <HStack ref={buttons} mt="3" gap="2">
        {!readOnly && (
          <BusyButton size="sm" colorPalette="blue" action={save} data-testid="editor-save">
            <Trans>Save</Trans>
          </BusyButton>
        )}
        <Button size="sm" variant="outline" onClick={onClose} data-testid="editor-close">
          {closeKind === 'close' ? t`Close` : t`Cancel`}
        </Button>
        {!session.isNew && (
          <Button size="sm" variant="ghost" aria-expanded={showHistory} onClick={() => setShowHistory((shown) => !shown)} data-testid="editor-history">
            {showHistory ? t`Hide history` : t`History`}
          </Button>
        )}
      </HStack>
      {showHistory && !session.isNew && (
        <Box mt="3">
          <HistoryPanel compiled={compiled} api={api} oid={session.record.Oid} etag={session.etag} readOnly={readOnly} onRestored={(record, etag) => onSessionChange(storedSession(record, etag))} />
        </Box>
      )}
      {conflict && <ConflictResolver compiled={compiled} api={api} mine={session.value} theirs={conflict.theirs} modified={conflict.modified} onTakeOther={takeOther} onKeepMine={() => void keepMine()} onCancel={() => setConflict(null)} />}
    </Box>
  );
}
