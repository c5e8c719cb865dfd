import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { EntityFormHandle } from '../../../renderers';
import { pendingServerErrors, RECORD_ERROR_KEY, type ServerFieldErrors } from '../../../renderers/form/form-validation';
import { fieldLabel, findField, type CompiledEntity } from '../../../schemas';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { useLatest } from '../../lib/ui/use-latest';
import type { DataApi, DataRecord, LastChange } from './data-api';
import { closeButtonKind, isDirty, storedSession, type EditorSession } from './editor-session';
import { useChangedElsewhere, type ChangedElsewhere } from './use-changed-elsewhere';

/** The closing animation after a save (spec 2 §4). */
export const CLOSE_ANIMATION_MS = 350;

/**
 * Asks the editor to focus a field's input; each F2 is a new object, so pressing it again focuses again. A request is
 * applied once: the editor reports it with `onFocusApplied` (its owner drops it) and never applies the same object
 * twice, so a later render (after a save, a new version of the record) leaves the focus where the user put it.
 */
export interface FocusRequest {
  field: string;
}

/** What the owner of an editor gives it: the session it holds, and what to do when the editor saves or closes. */
export interface RecordEditorOptions {
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
  /** A save ended and the editor stays open (keepOpenOnUpdate): the view puts the focus back into itself. */
  onStayedOpen?: () => void;
  /** The form's handle (EntityForm's ref, or another view's form): the controller validates and focuses through it. */
  form: React.RefObject<EntityFormHandle | null>;
}

/** A 409: the server's version (null when the record is gone) and who changed it last. */
export interface EditorConflict {
  theirs: DataRecord | null;
  modified: LastChange | null;
}

/** The server's refusal still pending on the values the user has now: per field (until edited) and record-wide. */
export interface RefusedSave {
  /** Every message of the refusal, by field path: what the form marks (it drops a field's once it is edited). */
  errors: ServerFieldErrors | undefined;
  /** The labels of the refused fields the user has not edited since. */
  fields: string[];
  /** Messages about the record as a whole. */
  recordWide: string[];
}

/** Everything a view of one record's editor shows and calls; no markup, so another view can use it as it is. */
export interface RecordEditorController {
  session: EditorSession;
  readOnly: boolean;
  /** The user changed something since the last read or save. */
  dirty: boolean;
  /** 'close' when read-only or saved and unchanged, else 'cancel' (spec 2 §2). */
  closeKind: 'close' | 'cancel';
  /** The editor saved and plays its closing animation; it calls `onClose` when that ends. */
  closing: boolean;
  /** The user edited the values. */
  change: (value: DataRecord) => void;
  /** Validates, then creates (POST) or replaces with If-Match (PUT); rejects when invalid or refused. */
  save: () => Promise<void>;
  close: () => void;
  refused: RefusedSave;
  /** A record changed elsewhere while the editor is open (use-changed-elsewhere.ts). */
  elsewhere: ChangedElsewhere;
  conflict: EditorConflict | null;
  /** Conflict: take the server's version (read again when it sent none). */
  takeOther: () => void;
  /** Conflict: save the user's values again over the latest version. */
  keepMine: () => Promise<void>;
  cancelConflict: () => void;
  history: { available: boolean; shown: boolean; toggle: () => void; restored: (record: DataRecord, etag: string | undefined) => void };
}

/**
 * The record editor's controller (spec 2 §2, §4), in the manner of react-admin's `useEditController`: the session's
 * values, Save (validation, If-Match, 304 as success, 409 as a conflict to resolve, the server's field errors),
 * Close/Cancel with the closing animation, the F2 focus request, the history and a change made elsewhere.
 */
export function useRecordEditorController({ compiled, api, session, onSessionChange, readOnly = false, keepOpenOnUpdate = false, onSaved, onClose, focusRequest, onFocusApplied, onStayedOpen, form }: RecordEditorOptions): RecordEditorController {
  const { t } = useLingui();
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
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
  }, [focusRequest, compiled.layout, onFocusApplied, form]);

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

  const finish = (record: DataRecord, created: boolean) => {
    toasts.show({ type: 'success', title: t`Operation successful`, content: t`Saved.` });
    onSaved(record, created);
    if (!keepOpenOnUpdate) return setClosing(true);
    onStayedOpen?.();
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

  const pending = refused ? pendingServerErrors(refused.errors, refused.value, session.value) : {};
  return {
    session,
    readOnly,
    dirty: isDirty(session),
    closeKind: closeButtonKind(session, readOnly),
    closing,
    change: (value) => onSessionChange({ ...latestRef.current, value }),
    save,
    close: onClose,
    refused: { errors: refused?.errors, fields: Object.keys(pending).map(labelOf), recordWide: refused?.errors[RECORD_ERROR_KEY] ?? [] },
    elsewhere,
    conflict,
    takeOther,
    keepMine,
    cancelConflict: () => setConflict(null),
    history: {
      available: !session.isNew,
      shown: showHistory && !session.isNew,
      toggle: () => setShowHistory((shown) => !shown),
      restored: (record, etag) => onSessionChange(storedSession(record, etag)),
    },
  };
}
