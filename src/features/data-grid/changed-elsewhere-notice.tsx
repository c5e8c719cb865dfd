import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ChangedElsewhere } from './use-changed-elsewhere';

/**
 * Above an editor whose record another session changed or deleted: says so before the user saves, and offers to
 * load the other version or to keep editing (a save then meets the conflict resolver, which shows both versions).
 */
export function ChangedElsewhereNotice({ elsewhere }: { elsewhere: ChangedElsewhere }) {
  const { t } = useLingui();
  if (!elsewhere.state) return null;
  const deleted = elsewhere.state === 'deleted';
  return (
    <Box data-testid="changed-elsewhere" data-state={elsewhere.state} role="alert" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p="2" mb="2" textStyle="sm">
      <Text>{deleted ? t`This record was deleted elsewhere while you edited it.` : t`This record was changed elsewhere while you edited it; saving shows both versions to choose from.`}</Text>
      <HStack gap="2" mt="2" flexWrap="wrap">
        {!deleted && (
          <Button size="xs" colorPalette="orange" onClick={() => void elsewhere.loadOther()} data-testid="changed-elsewhere-load">
            {t`Load the other version`}
          </Button>
        )}
        <Button size="xs" variant="outline" onClick={elsewhere.keepEditing} data-testid="changed-elsewhere-keep">
          {t`Keep editing`}
        </Button>
      </HStack>
    </Box>
  );
}
