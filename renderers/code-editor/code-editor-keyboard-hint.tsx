import { Kbd, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** How to leave the code editor with the keyboard, since Tab indents inside it. */
export function CodeEditorKeyboardHint({ readOnly = false }: { readOnly?: boolean }) {
  if (readOnly) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="code-editor-keyboard-hint">
      <Trans>
        Tab indents. To move on with the keyboard press <Kbd>Esc</Kbd> then <Kbd>Tab</Kbd>, or <Kbd>Ctrl</Kbd>+<Kbd>M</Kbd> to let Tab move focus.
      </Trans>
    </Text>
  );
}
