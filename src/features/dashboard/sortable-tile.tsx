import { Box, Flex, HStack, IconButton, NativeSelect } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { GripVertical, X } from 'lucide-react';
import { DASHBOARD_CARD_SIZES, type DashboardCardSize } from '../../../schemas/dashboard-layout';
import { useCardTexts } from './card-names';
import { isRequired, type Tile } from './layout-editor';

/** Grid columns (of 12) a tile spans per size: a quarter, a third or a half of a wide screen; full width on a phone. */
export const TILE_SPAN: Record<DashboardCardSize, Record<string, string>> = {
  small: { base: 'span 12', md: 'span 6', xl: 'span 3' },
  medium: { base: 'span 12', md: 'span 6', xl: 'span 4' },
  large: { base: 'span 12', md: 'span 12', xl: 'span 6' },
};

/**
 * A tile in edit mode: a handle to drag it by mouse, or by keyboard (Space picks it up, the arrows move it, Space
 * drops it, Escape puts it back), its size, and a remove button a required card does not have.
 */
export function SortableTile({ tile, onResize, onRemove, children }: { tile: Tile; onResize: (size: DashboardCardSize) => void; onRemove: () => void; children: ReactNode }) {
  const { t } = useLingui();
  const { names, sizes } = useCardTexts();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: tile.id });
  const name = names[tile.name];
  return (
    <Box
      ref={setNodeRef}
      gridColumn={TILE_SPAN[tile.size]}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      zIndex={isDragging ? 'docked' : undefined}
      opacity={isDragging ? 0.85 : 1}
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={isDragging ? 'teal.solid' : 'border.emphasized'}
      rounded="l3"
      data-testid={`tile-${tile.id}`}
      data-card={tile.name}
    >
      <Flex gap="2" p="1.5" align="center" justify="space-between" bg="bg.muted" roundedTop="l2">
        <IconButton ref={setActivatorNodeRef} size="xs" variant="ghost" cursor="grab" aria-label={t`Move ${name}`} data-testid="tile-handle" {...attributes} {...listeners}>
          <GripVertical />
        </IconButton>
        <HStack gap="1">
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field aria-label={t`Size of ${name}`} value={tile.size} data-testid="tile-size" onChange={(event) => onResize(event.currentTarget.value as DashboardCardSize)}>
              {DASHBOARD_CARD_SIZES.map((size) => (
                <option key={size} value={size}>
                  {sizes[size]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {isRequired(tile.name) ? null : (
            <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t`Remove ${name}`} data-testid="tile-remove" onClick={onRemove}>
              <X />
            </IconButton>
          )}
        </HStack>
      </Flex>
      <Box inert pointerEvents="none">
        {children}
      </Box>
    </Box>
  );
}
