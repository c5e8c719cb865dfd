import { Box, HStack, Text, VStack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CodeEditor } from '../../../renderers/code-editor/code-editor';
import { CodeEditorKeyboardHint } from '../../../renderers/code-editor/code-editor-keyboard-hint';
import { checkCodeSyntax } from '../../../renderers/code-editor/code-syntax';
import { syntaxMessage } from '../../../renderers/code-editor/syntax-message';
import { readCodeEditorParams } from './code-editor-params';

const LANGUAGE_NAMES = { json: 'JSON', xml: 'XML' } as const;

/**
 * tools/editor (spec 1 §2): CodeMirror with the route parameters of the query string (`code-editor-params.ts`), open
 * to anonymous users. JSON and XML are checked as they are typed; the first problem names its line. The text lives
 * in the page only: a reload shows `content` again.
 */
export function CodeEditorPage() {
  const { t, i18n } = useLingui();
  const [search] = useSearchParams();
  const params = useMemo(() => readCodeEditorParams(search), [search]);
  const [text, setText] = useState(params.content);
  const language = params.languageMode;
  const problem = language === 'text' || text.trim() === '' ? null : checkCodeSyntax(language, text);
  const frame = params.boxed ? { maxW: '1200px', mx: 'auto', p: { base: '3', md: '4' }, borderWidth: '1px', rounded: 'l3', bg: 'bg.panel' } : {};
  return (
    <VStack align="stretch" gap="2" w="full" data-testid="code-editor-page" data-boxed={params.boxed || undefined} {...frame}>
      <CodeEditor
        value={text}
        onChange={setText}
        language={language}
        readOnly={params.readOnly}
        lineWrapping={params.lineWrapping}
        label={t`Code editor`}
        height={params.boxed ? '60vh' : 'calc(100vh - 14rem)'}
        minHeight="12rem"
        testId="code-editor"
      />
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        {language !== 'text' && (
          <Text fontSize="sm" role="status" aria-live="polite" color={problem ? 'fg.error' : 'fg.muted'} data-testid="code-editor-status">
            {problem ? syntaxMessage(problem, i18n) : text.trim() === '' ? <Trans>Empty</Trans> : <Trans>{LANGUAGE_NAMES[language]} is well-formed.</Trans>}
          </Text>
        )}
        {params.readOnly && (
          <Text fontSize="sm" color="fg.muted" data-testid="code-editor-read-only">
            <Trans>Read only</Trans>
          </Text>
        )}
      </HStack>
      <Box>
        <CodeEditorKeyboardHint readOnly={params.readOnly} />
      </Box>
    </VStack>
  );
}
