import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { EntityForm, type EntityFormHandle } from '../../../renderers';
import { BusyButton } from '../../lib/ui/busy-button';
import { ConflictResolver } from './conflict-resolver';
import { createLookupResolver, createLookupSource } from './data-lookups';
import { ChangedElsewhereNotice } from './changed-elsewhere-notice';
import { HistoryPanel } from './history-panel';
import { useDateStyle } from '../../lib/format/date-style';
import { CLOSE_ANIMATION_MS, useRecordEditorController, type RecordEditorOptions } from './use-record-editor-controller';

export { CLOSE_ANIMATION_MS, type FocusRequest } from './use-record-editor-controller';

const lookupSource = createLookupSource();
const resolveLookup = createLookupResolver();

/** Props of the record editor. */
export type RecordEditorProps = Omit<RecordEditorOptions, 'onStayedOpen' | 'form'>;

/**
 * The entity editor's view (spec 2 §2, §4): the tabbed EntityForm with Save and Close/Cancel, the server's refusal
 * above the form, the history and the conflict resolver. What it does lives in `use-record-editor-controller.ts`.
 */
export function RecordEditor(props: RecordEditorProps) {
  const { t, i18n } = useLingui();
  const dateStyle = useDateStyle();
  const root = useRef<HTMLDivElement>(null);
  const form = useRef<EntityFormHandle>(null);
  const editor = useRecordEditorController({
    ...props,
    form,
    // The Save button is disabled while it saves, and a disabled button loses the focus to the page: it comes back
    // into the editor that stays open, where Escape closes it and Tab goes on from here.
    onStayedOpen: () => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) root.current?.focus({ preventScroll: true });
    },
  });
  const { session, readOnly, closing, refused, history, conflict } = editor;

  // Ctrl+Enter (Cmd+Enter) saves from any field, as the Save button does: keyboard users need not Tab past every field.
  const buttons = useRef<HTMLDivElement>(null);
  const saveKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || readOnly) return;
    event.preventDefault();
    buttons.current?.querySelector<HTMLButtonElement>('[data-testid="editor-save"]')?.click();
  };

  const names = refused.fields.join(', ');
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
      {!readOnly && <ChangedElsewhereNotice elsewhere={editor.elsewhere} />}
      {(refused.fields.length > 0 || refused.recordWide.length > 0) && (
        <Box data-testid="server-errors" role="alert" borderWidth="1px" borderColor="red.muted" bg="red.subtle" borderRadius="md" p="2" mb="2" textStyle="sm">
          {refused.fields.length > 0 && <Text>{t`The server refused these fields: ${names}`}</Text>}
          {refused.recordWide.map((message) => (
            <Text key={message}>{message}</Text>
          ))}
        </Box>
      )}
      <EntityForm
        ref={form}
        compiled={props.compiled}
        value={session.value}
        onChange={editor.change}
        readOnly={readOnly}
        lookupSource={lookupSource}
        resolveLookup={resolveLookup}
        locale={i18n.locale}
        dateStyle={dateStyle}
        serverErrors={refused.errors}
      />
      <HStack ref={buttons} mt="3" gap="2">
        {!readOnly && (
          <BusyButton size="sm" colorPalette="blue" action={editor.save} data-testid="editor-save">
            <Trans>Save</Trans>
          </BusyButton>
        )}
        <Button size="sm" variant="outline" onClick={editor.close} data-testid="editor-close">
          {editor.closeKind === 'close' ? t`Close` : t`Cancel`}
        </Button>
        {history.available && (
          <Button size="sm" variant="ghost" aria-expanded={history.shown} onClick={history.toggle} data-testid="editor-history">
            {history.shown ? t`Hide history` : t`History`}
          </Button>
        )}
      </HStack>
      {history.shown && (
        <Box mt="3">
          <HistoryPanel compiled={props.compiled} api={props.api} oid={session.record.Oid} etag={session.etag} readOnly={readOnly} onRestored={history.restored} />
        </Box>
      )}
      {conflict && <ConflictResolver compiled={props.compiled} api={props.api} mine={session.value} theirs={conflict.theirs} modified={conflict.modified} onTakeOther={editor.takeOther} onKeepMine={() => void editor.keepMine()} onCancel={editor.cancelConflict} />}
    </Box>
  );
}
