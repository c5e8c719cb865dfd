import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import { Box } from '@chakra-ui/react';
import CodeMirror, { EditorView, keymap, type Extension } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { CodeLanguage } from './code-syntax';
import { useDocumentDark } from './use-document-dark';

/** What the code editor shows and how it behaves. */
export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: CodeLanguage;
  readOnly?: boolean;
  lineWrapping?: boolean;
  /** The accessible name of the editing area. */
  label: string;
  /** CSS height of the editor, e.g. '60vh'; it grows with its content when absent. */
  height?: string;
  minHeight?: string;
  autoFocus?: boolean;
  /** Ctrl+Enter (Cmd+Enter): the modal's OK. */
  onSubmit?: () => void;
  testId?: string;
  /** Hands over CodeMirror's view once it exists: a page that moves the cursor (a message's place) keeps it. */
  onCreateEditor?: (view: EditorView) => void;
}

const LANGUAGES: Record<CodeLanguage, () => Extension[]> = { json: () => [json()], xml: () => [xml()], text: () => [] };

/**
 * CodeMirror 6 with JSON or XML highlighting, in the page's light or dark theme. Code reads left to right in every
 * language, so the box is `dir="ltr"` inside a right-to-left page. Tab indents while editing; the keyboard is never
 * trapped: Escape then Tab (within two seconds) moves focus on, and Ctrl+M (Shift+Alt+M on macOS) switches Tab to
 * moving focus until pressed again; both are CodeMirror's own. Read-only text lets Tab move focus at once, and is
 * itself a stop of Tab, so its scrolling box can be read by keyboard.
 * This module is heavy: import it lazily.
 */
export function CodeEditor({ value, onChange, language, readOnly = false, lineWrapping = false, label, height, minHeight, autoFocus, onSubmit, testId, onCreateEditor }: CodeEditorProps) {
  const dark = useDocumentDark();
  const extensions = useMemo(() => {
    const list: Extension[] = [...LANGUAGES[language](), EditorView.contentAttributes.of({ 'aria-label': label, ...(readOnly && { 'aria-readonly': 'true', tabindex: '0' }) })];
    if (lineWrapping) list.push(EditorView.lineWrapping);
    if (onSubmit) list.push(keymap.of([{ key: 'Mod-Enter', run: () => (onSubmit(), true) }]));
    return list;
  }, [language, label, readOnly, lineWrapping, onSubmit]);
  return (
    <Box dir="ltr" textAlign="left" borderWidth="1px" borderColor="border" rounded="md" overflow="hidden" data-testid={testId} data-language={language} data-read-only={readOnly || undefined} data-line-wrapping={lineWrapping || undefined}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        theme={dark ? 'dark' : 'light'}
        readOnly={readOnly}
        indentWithTab={!readOnly}
        autoFocus={autoFocus}
        height={height}
        minHeight={minHeight}
        basicSetup={{ autocompletion: false }}
        onCreateEditor={onCreateEditor}
      />
    </Box>
  );
}
