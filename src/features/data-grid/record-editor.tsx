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
import type { DataApi, DataRecord } from './data-api';
import { createLookupResolver, createLookupSource } from './data-lookups';
import { closeButtonKind, storedSession, type EditorSession } from './editor-session';

/** The closing animation after a save (spec 2 §4). */
export const CLOSE_ANIMATION_MS = 350;

const lookupSource = createLookupSource();
const resolveLookup = createLookupResolver();

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
}

/**
 * The entity editor (spec 2 §2, §4): the tabbed EntityForm with Save and Close/Cancel. Save creates without a key
 * and updates with If-Match otherwise; 304 is a success that keeps the local data; 409 opens the conflict resolver;
 * the server's field errors show on their fields (until edited), with a one-line summary above the form.
 */
export function RecordEditor({ compiled, api, session, onSessionChange, readOnly = false, keepOpenOnUpdate = false, onSaved, onClose }: RecordEditorProps) {
  const { t, i18n } = useLingui();
  const form = useRef<EntityFormHandle>(null);
  const [conflict, setConflict] = useState<{ theirs: DataRecord | null } | null>(null);
  // What the server refused, with the values it refused: a field's messages go once the user edits it.
  const [refused, setRefused] = useState<{ errors: ServerFieldErrors; value: DataRecord }>();
  const [closing, setClosing] = useState(false);
  const latest = useRef(session);
  latest.current = session;

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(onClose, CLOSE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [closing, onClose]);

  const finish = (record: DataRecord, created: boolean) => {
    toasts.show({ type: 'success', title: t`Operation successful`, content: t`Saved.` });
    onSaved(record, created);
    if (!keepOpenOnUpdate) setClosing(true);
  };

  const submit = async (value: DataRecord, etag: string | undefined) => {
    setRefused(undefined);
    try {
      const result = await api.save(value, etag);
      if (result.kind === 'conflict') {
        setConflict({ theirs: result.current });
        return;
      }
      const now = latest.current;
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
      toasts.show({ type: 'warning', title: t`Please correct the marked fields.`, content: validation.errors.map((e) => e.path).join(', ') });
      throw new Error('invalid');
    }
    await submit(latest.current.value, latest.current.etag);
  };

  const takeOther = () => {
    const theirs = conflict?.theirs;
    setConflict(null);
    if (theirs) onSessionChange(storedSession(theirs));
    else void reload();
  };

  const reload = async () => {
    try {
      const fresh = await api.read(latest.current.record.Oid);
      if (fresh) onSessionChange(storedSession(fresh.record, fresh.etag));
    } catch (error) {
      showError(error);
    }
  };

  const keepMine = async () => {
    setConflict(null);
    try {
      // The latest version tag, then the same values again.
      const fresh = await api.read(latest.current.record.Oid);
      if (!fresh) return;
      const mine = { ...latest.current.value, ETag: fresh.etag };
      onSessionChange({ ...latest.current, value: mine, etag: fresh.etag });
      await submit(mine, fresh.etag);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) showError(error);
    }
  };

  const closeKind = closeButtonKind(session, readOnly);
  const pending = refused ? pendingServerErrors(refused.errors, refused.value, session.value) : {};
  const refusedFields = Object.keys(pending).map((path) => {
    const field = findField(compiled.meta.fields, path);
    return field ? fieldLabel(field, compiled.locale) : path;
  });
  const names = refusedFields.join(', ');
  const recordWide = refused?.errors[RECORD_ERROR_KEY] ?? [];
  return (
    <Box
      data-testid="record-editor"
      data-closing={closing || undefined}
      transition={`opacity ${CLOSE_ANIMATION_MS}ms ease, transform ${CLOSE_ANIMATION_MS}ms ease`}
      opacity={closing ? 0 : 1}
      transform={closing ? 'translateY(-8px)' : undefined}
    >
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
        onChange={(value) => onSessionChange({ ...latest.current, value })}
        readOnly={readOnly}
        lookupSource={lookupSource}
        resolveLookup={resolveLookup}
        locale={i18n.locale}
        serverErrors={refused?.errors}
      />
      <HStack mt="3" gap="2">
        {!readOnly && (
          <BusyButton size="sm" colorPalette="blue" action={save} data-testid="editor-save">
            <Trans>Save</Trans>
          </BusyButton>
        )}
        <Button size="sm" variant="outline" onClick={onClose} data-testid="editor-close">
          {closeKind === 'close' ? t`Close` : t`Cancel`}
        </Button>
      </HStack>
      {conflict && <ConflictResolver compiled={compiled} mine={session.value} theirs={conflict.theirs} onTakeOther={takeOther} onKeepMine={() => void keepMine()} onCancel={() => setConflict(null)} />}
    </Box>
  );
}
