import { Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ActionDialog } from '../../lib/ui/action-dialog';

/** Where the clipboard cannot be read by script: the user pastes with Ctrl+V into a text box (spec 2 §5). */
export function PasteDialog({ onPaste, onCancel }: { onPaste: (text: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  return (
    <ActionDialog
      title={<Trans>Keyboard paste only</Trans>}
      testId="paste-dialog"
      onCancel={onCancel}
      action={{ label: <Trans>Paste</Trans>, colorPalette: 'blue', onClick: () => onPaste(text) }}
    >
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
    </ActionDialog>
  );
}
