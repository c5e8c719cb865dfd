import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { Code } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CodeLanguage } from '../code-editor/code-syntax';
import { ModalCodeEditorNotProvided, useModalCodeEditor } from '../code-editor/modal-code-editor-registry';

const PREVIEW_LINES = 6;

function languageOf(option: unknown): CodeLanguage {
  return option === 'json' || option === 'xml' ? option : 'text';
}

/**
 * A JSON or XML text (usage `Json` / `Xml`, widget `code`): the first lines as a preview and a button that opens the
 * registered modal code editor (renderers/code-editor). What the modal accepts becomes the value (empty text clears
 * it); focus comes back to the button. Where no modal code editor is registered the field says so (spec 2 §8).
 */
export function CodeWidget(props: WidgetProps) {
  const { id, value, label, disabled, readonly, options, onChange, onFocus, onBlur, rawErrors } = props;
  const { t } = useLingui();
  const openEditor = useModalCodeEditor();
  const button = useRef<HTMLButtonElement>(null);
  const [missing, setMissing] = useState(false);
  const text = typeof value === 'string' ? value : '';
  const language = languageOf(options.codeLanguage);
  const viewOnly = Boolean(disabled || readonly);
  const lines = text.split('\n');
  const preview = lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '');

  const open = async () => {
    try {
      const accepted = await openEditor({ title: label || id, language, value: text, readOnly: viewOnly });
      setMissing(false);
      if (accepted !== null && accepted !== text) onChange(accepted.trim() === '' ? null : accepted);
    } catch (error) {
      if (!(error instanceof ModalCodeEditorNotProvided)) throw error;
      setMissing(true);
    } finally {
      // The dialog gives focus back as it closes; this covers an editor that did not (or never opened).
      requestAnimationFrame(() => button.current?.focus());
    }
  };

  return (
    <Box width="full" data-testid={`code-field-${id}`}>
      <HStack align="start" gap="2">
        <Box
          as="pre"
          dir="ltr"
          flex="1"
          minW="0"
          minH="10"
          maxH="40"
          overflow="auto"
          px="3"
          py="2"
          fontFamily="mono"
          fontSize="sm"
          textAlign="left"
          borderWidth="1px"
          rounded="l2"
          bg="bg.subtle"
          color={text ? 'fg' : 'fg.muted'}
          aria-hidden
          data-testid="code-field-preview"
        >
          {text ? preview : t`Empty`}
        </Box>
        <Button
          ref={button}
          id={id}
          variant="outline"
          disabled={disabled}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onFocus={() => onFocus(id, value)}
          onBlur={() => onBlur(id, value)}
          onClick={() => void open()}
          data-testid="code-field-open"
        >
          <Code aria-hidden />
          {viewOnly ? <Trans>View</Trans> : <Trans>Edit</Trans>}
        </Button>
      </HStack>
      {missing && (
        <Text id={`${id}-missing`} role="alert" color="fg.error" fontSize="sm" mt="1" data-testid="code-editor-missing">
          {t`Modal Code Editor not provided`}
        </Text>
      )}
    </Box>
  );
}
