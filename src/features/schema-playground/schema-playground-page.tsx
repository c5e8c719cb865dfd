import { Box, Code, Field, Grid, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { EditorView } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CodeEditor } from '../../../renderers/code-editor/code-editor';
import { CodeEditorKeyboardHint } from '../../../renderers/code-editor/code-editor-keyboard-hint';
import { sampleRecords } from '../../../schemas/sample-records';
import { EXAMPLE_TEXT } from './example-document';
import { PlaygroundEditor } from './playground-editor';
import { PlaygroundGrid } from './playground-grid';
import { PlaygroundMessages, type TextPlace } from './playground-messages';
import { runPlaygroundCheck, type PlaygroundCheck } from './run-playground-check';
import { usePlaygroundCatalogue } from './use-playground-catalogue';

/** How long typing pauses before the text is checked again. */
const CHECK_DELAY_MS = 300;
const SAMPLE_ROWS = 5;
const EXAMPLE = '';

/** The text `delay` ms after it last changed. */
function useSettled(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

/**
 * /tools/schema-playground (component 'schema-playground', docs/metadata.md "Schema playground"): an entity document
 * in a code editor, checked in the browser as the server would check it at start, with the compiled JSON Schema and
 * the grid and editor it generates over sample records. Nothing is saved and the server is not restarted: the only
 * call is the read-only catalogue the lookups are checked against.
 */
export function SchemaPlaygroundPage() {
  const { t, i18n } = useLingui();
  const catalogue = usePlaygroundCatalogue();
  const [source, setSource] = useState(EXAMPLE);
  const [text, setText] = useState(EXAMPLE_TEXT);
  const settled = useSettled(text, CHECK_DELAY_MS);
  const check = useMemo(() => runPlaygroundCheck(settled, catalogue.kinds, i18n.locale), [settled, catalogue.kinds, i18n.locale]);
  // While the text has messages the tabs keep showing the last version that had none.
  const [shown, setShown] = useState<{ check: PlaygroundCheck; text: string } | undefined>(undefined);
  if (check.compiled && shown?.check !== check) setShown({ check, text: settled });
  const rows = useMemo(() => (shown?.check.document ? sampleRecords(shown.check.document, SAMPLE_ROWS) : []), [shown]);
  const [tab, setTab] = useState('schema');
  const view = useRef<EditorView | null>(null);

  const choose = (kind: string) => {
    setSource(kind);
    const document = catalogue.kinds.find((entry) => entry.kind === kind)?.document;
    setText(document ? `${JSON.stringify(document, null, 2)}\n` : EXAMPLE_TEXT);
  };
  const goTo = (place: TextPlace) => {
    const editor = view.current;
    if (!editor) return;
    const doc = editor.state.doc;
    const offset = 'offset' in place ? place.offset : doc.line(Math.min(place.line, doc.lines)).from + place.column - 1;
    editor.dispatch({ selection: { anchor: Math.max(0, Math.min(offset, doc.length)) }, scrollIntoView: true });
    editor.focus();
  };
  const stale = shown !== undefined && shown.text !== settled;
  const compiled = shown?.check.compiled;

  return (
    <Stack gap="3" data-testid="schema-playground">
      <Text color="fg.muted" fontSize="sm">
        {t`Edit an entity document: the checker's messages, the compiled JSON Schema, the grid and the editor follow as you type. Nothing is saved and the server is not restarted.`}
      </Text>
      <Field.Root maxW="md">
        <Field.Label>{t`Start from`}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={source} onChange={(event) => choose(event.target.value)} data-testid="playground-source">
            <option value={EXAMPLE}>{t`A small example`}</option>
            {catalogue.kinds.map((entry) => (
              <option key={entry.kind} value={entry.kind}>
                {entry.kind}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {catalogue.failed && <Field.HelperText color="fg.warning">{t`The catalogue could not be read: lookups and detail views are checked against no other kind.`}</Field.HelperText>}
      </Field.Root>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }} gap="4" alignItems="start">
        <Stack gap="2" minW="0">
          <CodeEditor
            value={text}
            onChange={setText}
            language="json"
            label={t`Entity document`}
            height="min(60vh, 36rem)"
            minHeight="12rem"
            testId="playground-document"
            onCreateEditor={(editor) => {
              view.current = editor;
            }}
          />
          <CodeEditorKeyboardHint />
          <PlaygroundMessages syntax={check.syntax} issues={check.issues} onGoTo={goTo} />
        </Stack>
        <Box minW="0">
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" size="sm" lazyMount>
            <Tabs.List>
              <Tabs.Trigger value="schema" data-testid="playground-tab-schema">
                {t`JSON Schema`}
              </Tabs.Trigger>
              <Tabs.Trigger value="grid" data-testid="playground-tab-grid">
                {t`Grid`}
              </Tabs.Trigger>
              <Tabs.Trigger value="editor" data-testid="playground-tab-editor">
                {t`Editor`}
              </Tabs.Trigger>
            </Tabs.List>
            {stale && (
              <Text fontSize="sm" color="fg.warning" mt="2" data-testid="playground-stale">
                {t`Showing the last version without messages.`}
              </Text>
            )}
            {!compiled ? (
              <Text fontSize="sm" color="fg.muted" mt="2">
                {t`Fix the messages to see what the document generates.`}
              </Text>
            ) : (
              <>
                <Tabs.Content value="schema">
                  <CodeEditor value={JSON.stringify(compiled.schema, null, 2)} language="json" readOnly label={t`Compiled JSON Schema`} height="min(60vh, 36rem)" testId="playground-schema" />
                </Tabs.Content>
                <Tabs.Content value="grid">
                  <Text fontSize="sm" color="fg.muted" mb="2">
                    {t`${compiled.pluralLabel}: sample rows made from the field types.`}
                  </Text>
                  <PlaygroundGrid compiled={compiled} rows={rows} />
                  <Text fontSize="xs" color="fg.muted" mt="2">
                    <Code size="sm">{compiled.key}</Code>
                  </Text>
                </Tabs.Content>
                <Tabs.Content value="editor">
                  <PlaygroundEditor key={shown.text} compiled={compiled} initial={rows[0] ?? compiled.emptyRecord} />
                </Tabs.Content>
              </>
            )}
          </Tabs.Root>
        </Box>
      </Grid>
    </Stack>
  );
}
