import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** Save and discard for a checkbox tree with unsaved changes. */
export function SaveBar({ dirty, busy, onSave, onDiscard }: { dirty: boolean; busy: boolean; onSave: () => void; onDiscard: () => void }) {
  return (
    <HStack gap="3">
      <Button size="sm" colorPalette="teal" disabled={!dirty} loading={busy} onClick={onSave}>
        <Trans>Save</Trans>
      </Button>
      <Button size="sm" variant="outline" disabled={!dirty || busy} onClick={onDiscard}>
        <Trans>Discard changes</Trans>
      </Button>
      {dirty && (
        <Text textStyle="sm" color="fg.muted">
          <Trans>Unsaved changes</Trans>
        </Text>
      )}
    </HStack>
  );
}
