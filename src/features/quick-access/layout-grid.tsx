import { Box, chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { LayoutButton, LayoutContent } from '../../../schemas/pos-layout';
import { keyboardChange } from './layout-moves';
import { PosButtonFace } from './pos-button-face';

interface Drag {
  id: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: LayoutButton;
}

export interface LayoutGridProps {
  content: LayoutContent;
  selectedId: string | undefined;
  /** Ids of buttons with a problem: drawn with a red outline. */
  faulty: ReadonlySet<string>;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onPlace: (id: string, x: number, y: number) => void;
  onSize: (id: string, w: number, h: number) => void;
  onMoveBy: (id: string, dx: number, dy: number, resize: boolean) => void;
  onRemove: (id: string) => void;
}

/**
 * The editable grid: a button is dragged by the mouse (or a finger) to another cell, and resized by its corner handle;
 * with the keyboard, the focused button moves with the arrows and resizes with Shift+arrows, Delete removes it. The grid
 * has the terminal screen's proportions.
 */
export function LayoutGrid({ content, selectedId, faulty, readOnly, onSelect, onPlace, onSize, onMoveBy, onRemove }: LayoutGridProps) {
  const { t } = useLingui();
  const gridRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag>();
  const rtl = () => gridRef.current ? getComputedStyle(gridRef.current).direction === 'rtl' : false;

  const cellSize = () => {
    const box = gridRef.current?.getBoundingClientRect();
    return box ? { w: box.width / content.columns, h: box.height / content.rows } : { w: 1, h: 1 };
  };
  const start = (event: PointerEvent<HTMLElement>, button: LayoutButton, mode: Drag['mode']) => {
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    onSelect(button.id);
    setDrag({ id: button.id, mode, startX: event.clientX, startY: event.clientY, origin: button });
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const cell = cellSize();
    const dx = Math.round(((event.clientX - drag.startX) / cell.w) * (rtl() ? -1 : 1));
    const dy = Math.round((event.clientY - drag.startY) / cell.h);
    if (drag.mode === 'move') onPlace(drag.id, drag.origin.x + dx, drag.origin.y + dy);
    else onSize(drag.id, drag.origin.w + dx, drag.origin.h + dy);
  };
  const end = () => setDrag(undefined);
  const key = (event: KeyboardEvent<HTMLElement>, button: LayoutButton) => {
    if (readOnly) return;
    if (event.key === 'Delete') {
      event.preventDefault();
      onRemove(button.id);
      return;
    }
    const change = keyboardChange(event.key, event.shiftKey, rtl());
    if (!change) return;
    event.preventDefault();
    onMoveBy(button.id, change.dx, change.dy, change.resize);
  };

  return (
    <Box
      ref={gridRef}
      role="group"
      aria-label={t`Buttons of the layout, ${content.columns} columns by ${content.rows} rows`}
      data-testid="layout-grid"
      position="relative"
      display="grid"
      gridTemplateColumns={`repeat(${content.columns}, 1fr)`}
      gridTemplateRows={`repeat(${content.rows}, 1fr)`}
      gap="1"
      p="1"
      w="full"
      aspectRatio={`${content.screen.width} / ${content.screen.height}`}
      bg="bg.muted"
      borderWidth="1px"
      borderRadius="md"
      backgroundImage="linear-gradient(to right, var(--chakra-colors-border) 1px, transparent 1px), linear-gradient(to bottom, var(--chakra-colors-border) 1px, transparent 1px)"
      backgroundSize={`calc(100% / ${content.columns}) calc(100% / ${content.rows})`}
      touchAction="none"
    >
      {content.buttons.map((button) => {
        const selected = button.id === selectedId;
        return (
          <chakra.button
            key={button.id}
            type="button"
            data-testid="layout-button"
            data-button-id={button.id}
            data-cell={`${button.x},${button.y},${button.w},${button.h}`}
            aria-label={t`${button.label || button.target}, column ${button.x + 1}, row ${button.y + 1}, ${button.w} by ${button.h} cells`}
            aria-pressed={selected}
            aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown Delete"
            position="relative"
            gridColumn={`${button.x + 1} / span ${button.w}`}
            gridRow={`${button.y + 1} / span ${button.h}`}
            minW="0"
            minH="0"
            cursor={readOnly ? 'default' : drag?.id === button.id ? 'grabbing' : 'grab'}
            outline={faulty.has(button.id) ? '3px solid' : selected ? '3px solid' : 'none'}
            outlineColor={faulty.has(button.id) ? 'red.500' : 'colorPalette.focusRing'}
            colorPalette="blue"
            outlineOffset="1px"
            borderRadius="md"
            opacity={drag?.id === button.id ? 0.85 : 1}
            _focusVisible={{ outline: '3px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
            onClick={() => onSelect(button.id)}
            onPointerDown={(event: PointerEvent<HTMLElement>) => start(event, button, 'move')}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            onKeyDown={(event: KeyboardEvent<HTMLElement>) => key(event, button)}
          >
            <PosButtonFace button={button} />
            {selected && !readOnly && (
              <Box
                data-testid="resize-handle"
                aria-hidden="true"
                position="absolute"
                insetEnd="-1"
                bottom="-1"
                w="4"
                h="4"
                bg="blue.500"
                borderWidth="2px"
                borderColor="white"
                borderRadius="sm"
                cursor="nwse-resize"
                onPointerDown={(event: PointerEvent<HTMLElement>) => start(event, button, 'resize')}
                onPointerMove={move}
                onPointerUp={end}
              />
            )}
          </chakra.button>
        );
      })}
    </Box>
  );
}
