import { Box, Text } from '@chakra-ui/react';
import type { LayoutButton } from '../../../schemas/pos-layout';
import { RetailIcon } from '../../lib/ui/retail-icons/retail-icon';

/** A button as the POS shows it: its colours, icon and label (the target when it has no label). */
export function PosButtonFace({ button, iconSize = 22 }: { button: LayoutButton; iconSize?: number }) {
  return (
    <Box display="flex" flexDirection="column" alignItems="center" justifyContent="center" gap="1" w="full" h="full" p="1" overflow="hidden" bg={button.background} color={button.foreground} borderRadius="md" textAlign="center">
      {button.icon && <RetailIcon name={button.icon} size={iconSize} />}
      <Text as="bdi" textStyle="xs" fontWeight="semibold" lineClamp={2} wordBreak="break-word">
        {button.label || button.target}
      </Text>
    </Box>
  );
}
