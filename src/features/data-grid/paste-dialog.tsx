import { Button, Dialog, Portal, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/** Where the clipboard cannot be read by script: the user pastes with Ctrl+V into a text box (spec 2 §5). */
export function PasteDialog({ onPaste, onCancel }: { onPaste: (text: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onCancel()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="paste-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Keyboard paste only</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text textStyle="sm" mb="2">
                <Trans>Paste the copied record here with Ctrl+V.</Trans>
              </Text>
              <Textarea
                autoFocus
                rows={8}
                aria-label={t`Clipboard content`}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                onPaste={(e) => {
                  const pasted = e.clipboardData.getData('text');
                  if (pasted) {
                    e.preventDefault();
                    onPaste(pasted);
                  }
                }}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="blue" onClick={() => onPaste(text)}>
                <Trans>Paste</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
