import { Box, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { GripVertical, Trash2 } from 'lucide-react';
import { attributeOf, findNode, moveNode, type TemplateNode } from '../../../schemas/receipt-template';
import { useElementTexts } from './element-texts';

interface CanvasProps {
  nodes: TemplateNode[];
  selectedId: string | undefined;
  faulty: ReadonlySet<string>;
  readOnly: boolean;
  onSelect: (id: string) => void;
  onChange: (nodes: TemplateNode[]) => void;
  onRemove: (id: string) => void;
}

/** The tree with `activeId` moved to the place of `overId`, when both are in the same list (the template or a block). */
function reorder(nodes: TemplateNode[], activeId: string, overId: string): TemplateNode[] {
  const from = nodes.findIndex((node) => node.id === activeId);
  const to = nodes.findIndex((node) => node.id === overId);
  if (from >= 0 && to >= 0) return arrayMove(nodes, from, to);
  return nodes.map((node) => (node.children ? { ...node, children: reorder(node.children, activeId, overId) } : node));
}

/** A short summary of what an element prints, beside its name on the canvas. */
function useSummary() {
  const texts = useElementTexts();
  return (node: TemplateNode): string => {
    if (node.type === 'text') return node.text ?? '';
    if (node.type === 'field' || node.type === 'barcode' || node.type === 'qr') return texts.values[attributeOf(node, 'value')] ?? '';
    if (node.type === 'if') return texts.values[attributeOf(node, 'test')] ?? '';
    if (node.type === 'separator') return texts.values[attributeOf(node, 'style')] ?? '';
    return '';
  };
}

function SortableElement({ node, depth, props }: { node: TemplateNode; depth: number; props: CanvasProps }) {
  const { t } = useLingui();
  const texts = useElementTexts();
  const summary = useSummary();
  const name = texts.elements[node.type];
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: node.id, disabled: props.readOnly });
  const selected = props.selectedId === node.id;
  return (
    <Box ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} zIndex={isDragging ? 'docked' : undefined} data-testid="canvas-element" data-element={node.type} data-selected={selected || undefined}>
      <Flex
        align="center"
        gap="1"
        borderWidth="1px"
        borderColor={props.faulty.has(node.id) ? 'border.error' : selected ? 'colorPalette.solid' : 'border'}
        colorPalette="blue"
        bg={selected ? 'colorPalette.subtle' : 'bg.panel'}
        rounded="md"
        px="1"
        py="0.5"
        cursor="pointer"
        onClick={() => props.onSelect(node.id)}
      >
        <IconButton ref={setActivatorNodeRef} size="xs" variant="ghost" cursor="grab" aria-label={t`Move ${name}`} aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown" data-testid="canvas-handle" disabled={props.readOnly} {...attributes} {...listeners} onFocus={() => props.onSelect(node.id)} onKeyDown={(event) => {
          // Alt+arrows move the element one place at once (besides dnd-kit's Space, arrows, Space).
          if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
            event.preventDefault();
            props.onChange(moveNode(props.nodes, node.id, event.key === 'ArrowUp' ? -1 : 1));
            return;
          }
          listeners?.onKeyDown?.(event);
        }}>
          <GripVertical />
        </IconButton>
        <Text fontSize="sm" fontWeight="medium" flexShrink={0}>
          {name}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate flex="1" minW="0" data-testid="canvas-summary">
          {summary(node)}
        </Text>
        {props.readOnly ? null : (
          <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t`Remove ${name}`} data-testid="canvas-remove" onClick={(event) => {
            event.stopPropagation();
            props.onRemove(node.id);
          }}>
            <Trash2 />
          </IconButton>
        )}
      </Flex>
      {node.children ? (
        <Box ps="6" pt="1" borderStartWidth="2px" borderColor="border.emphasized" ms="3">
          <ElementList nodes={node.children} depth={depth + 1} props={props} />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * One list of elements (the template's, or a block's) with a drag-and-drop context of its own, so that the keyboard's
 * arrows and the mouse move an element among its siblings only.
 */
function ElementList({ nodes, depth, props }: { nodes: TemplateNode[]; depth: number; props: CanvasProps }) {
  const { t } = useLingui();
  const texts = useElementTexts();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => {
    const node = findNode(props.nodes, String(id));
    return node ? texts.elements[node.type] : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`${nameOf(active.id)} was picked up.`,
    onDragOver: ({ active, over }) => (over ? t`${nameOf(active.id)} is over ${nameOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? t`${nameOf(active.id)} was dropped at ${nameOf(over.id)}.` : t`${nameOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => t`Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    props.onChange(reorder(props.nodes, String(active.id), String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t`To move an element, press Space, move it with the arrow keys, and press Space again to drop it or Escape to cancel.` } }}>
      <SortableContext items={nodes.map((node) => node.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="1" role="list" aria-label={depth === 0 ? t`Elements of the template` : t`Elements of the block`}>
          {nodes.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" py="1">
              {t`Empty: select the block and add elements.`}
            </Text>
          ) : null}
          {nodes.map((node) => (
            <Box role="listitem" key={node.id}>
              <SortableElement node={node} depth={depth} props={props} />
            </Box>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/**
 * The canvas: the template's elements top to bottom, ordered by dragging their handle with the mouse, or by keyboard
 * (Space picks an element up, the arrows move it, Space drops it, Escape puts it back), within their list (the
 * template, or a conditional block).
 */
export function TemplateCanvas(props: CanvasProps) {
  return <ElementList nodes={props.nodes} depth={0} props={props} />;
}
