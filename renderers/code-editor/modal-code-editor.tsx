import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { CodeEditor } from './code-editor';
import { CodeEditorKeyboardHint } from './code-editor-keyboard-hint';
import { checkCodeSyntax, type SyntaxProblem } from './code-syntax';
import type { ModalCodeEditorProps } from './modal-code-editor-registry';
import { syntaxMessage } from './syntax-message';
import { useDocumentDirection } from './use-document-direction';

/**
 * The modal code editor registered by the app: a title, CodeMirror, OK and Cancel. OK checks JSON or XML first and
 * stays open with the line of the first problem named; the message follows the text until it is fixed. Empty text is
 * accepted (it clears the value). Escape in the editor belongs to CodeMirror (Escape then Tab leaves it); Escape
 * elsewhere in the dialog cancels. Ctrl+Enter is OK.
 */
export function ModalCodeEditor({ request, onClose }: ModalCodeEditorProps) {
  const { t, i18n } = useLingui();
  const dir = useDocumentDirection();
  const [text, setText] = useState(request.value);
  const [problem, setProblem] = useState<SyntaxProblem | null>(null);
  const check = (value: string) => (value.trim() === '' ? null : checkCodeSyntax(request.language, value));
  const accept = useCallback(() => {
    const found = text.trim() === '' ? null : checkCodeSyntax(request.language, text);
    setProblem(found);
    if (!found) onClose(text);
  }, [text, request.language, onClose]);
  return (
    <Dialog.Root
      open
      size="xl"
      placement="center"
      onOpenChange={(event) => !event.open && onClose(null)}
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest('.cm-editor')) event.preventDefault();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content dir={dir} data-testid="modal-code-editor">
            <Dialog.Header>
              <Dialog.Title>{request.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="2">
              <CodeEditor
                value={text}
                onChange={(value) => {
                  setText(value);
                  if (problem) setProblem(check(value));
                }}
                language={request.language}
                readOnly={request.readOnly}
                label={t`Code of ${request.title}`}
                height="50vh"
                autoFocus
                onSubmit={request.readOnly ? undefined : accept}
                testId="modal-code-editor-input"
              />
              {problem && (
                <Text role="alert" color="fg.error" data-testid="modal-code-editor-error" data-line={problem.line}>
                  {syntaxMessage(problem, i18n)}
                </Text>
              )}
              <CodeEditorKeyboardHint readOnly={request.readOnly} />
            </Dialog.Body>
            <Dialog.Footer>
              {request.readOnly ? (
                <Button onClick={() => onClose(null)} data-testid="modal-code-editor-close">
                  <Trans>Close</Trans>
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => onClose(null)} data-testid="modal-code-editor-cancel">
                    <Trans>Cancel</Trans>
                  </Button>
                  <Button colorPalette="blue" onClick={accept} data-testid="modal-code-editor-ok">
                    <Trans>OK</Trans>
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
