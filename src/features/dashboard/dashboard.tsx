import { Alert, Box, Button, Flex, Grid, HStack, NativeSelect } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useReducer, useState, type ComponentType } from 'react';
import type { DashboardCardName, DashboardCardSize } from '../../../schemas/dashboard-layout';
import { useCardTexts } from './card-names';
import { addableCards, editorReducer, layoutOf, tilesOf, type Tile } from './layout-editor';
import { SortableTile, TILE_SPAN } from './sortable-tile';
import { useDashboardLayout } from './use-dashboard-layout';
import { useDashboardLive } from './use-dashboard-live';

/** What renders a card: the page that uses the dashboard hands in the cards of other features (favourites, the bridge). */
export type CardComponents = Record<DashboardCardName, ComponentType<{ size: DashboardCardSize }>>;

/**
 * The customisable dashboard (spec 2 §2): the user's stored layout in view mode; in edit mode the cards can be added,
 * removed (not the required ones), resized and reordered by mouse or keyboard, then saved or cancelled (cancel
 * restores the saved layout). The cards follow their data live through the hub.
 */
export function Dashboard({ cards }: { cards: CardComponents }) {
  const { t } = useLingui();
  const { names } = useCardTexts();
  const { layout, notice, save } = useDashboardLayout();
  useDashboardLive();
  const saved = useMemo(() => tilesOf(layout), [layout]);
  const [editing, setEditing] = useState(false);
  const [draft, dispatch] = useReducer(editorReducer, saved);
  const [adding, setAdding] = useState<DashboardCardName | ''>('');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  // Outside edit mode the draft follows the stored layout (the first read, a save in another tab).
  useEffect(() => {
    if (!editing) dispatch({ type: 'reset', tiles: saved });
  }, [saved, editing]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => names[draft.find((tile) => tile.id === id)?.name ?? 'favourites'];
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? t`${nameOf(active.id)} is over ${nameOf(over.id)}.` : t`${nameOf(active.id)} is no longer over a card.`),
    onDragEnd: ({ active, over }) => (over ? t`${nameOf(active.id)} was dropped at ${nameOf(over.id)}.` : t`${nameOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => t`Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) dispatch({ type: 'move', from: String(active.id), to: String(over.id) });
  };
  const addable = addableCards(draft);
  const shown = editing ? draft : saved;

  const cancel = () => {
    dispatch({ type: 'reset', tiles: saved });
    setSaveError(undefined);
    setEditing(false);
  };
  const store = async () => {
    setSaving(true);
    setSaveError(undefined);
    try {
      await save(layoutOf(draft));
      setEditing(false);
    } catch (error) {
      setSaveError((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const card = (tile: Tile) => {
    const Card = cards[tile.name];
    return <Card size={tile.size} />;
  };

  return (
    <Box data-testid="dashboard" data-mode={editing ? 'edit' : 'view'}>
      <Flex gap="2" mb="3" wrap="wrap" justify="flex-end" align="center">
        {editing ? (
          <>
            <HStack gap="1">
              <NativeSelect.Root size="sm" width="auto" disabled={addable.length === 0}>
                <NativeSelect.Field aria-label={t`Card to add`} value={adding} data-testid="add-card-select" onChange={(event) => setAdding(event.currentTarget.value as DashboardCardName)}>
                  <option value="">{t`Choose a card…`}</option>
                  {addable.map((name) => (
                    <option key={name} value={name}>
                      {names[name]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button
                size="sm"
                variant="outline"
                disabled={!adding}
                data-testid="add-card"
                onClick={() => {
                  if (adding) dispatch({ type: 'add', name: adding });
                  setAdding('');
                }}
              >
                <Trans>Add card</Trans>
              </Button>
            </HStack>
            <Button size="sm" variant="outline" onClick={cancel} data-testid="dashboard-cancel">
              <Trans>Cancel</Trans>
            </Button>
            <Button size="sm" colorPalette="teal" loading={saving} onClick={() => void store()} data-testid="dashboard-save">
              <Trans>Save</Trans>
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="dashboard-edit">
            <Trans>Edit dashboard</Trans>
          </Button>
        )}
      </Flex>
      {notice ? (
        <Alert.Root status="warning" mb="3" data-testid="dashboard-notice">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Your stored dashboard could not be read; the default is shown until you save another.</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {saveError ? (
        <Alert.Root status="error" mb="3" data-testid="dashboard-save-error">
          <Alert.Indicator />
          <Alert.Title>{saveError}</Alert.Title>
        </Alert.Root>
      ) : null}
      {editing ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t`To move a card, press Space, move it with the arrow keys, and press Space again to drop it or Escape to cancel.` } }}>
          <SortableContext items={draft.map((tile) => tile.id)} strategy={rectSortingStrategy}>
            <Grid templateColumns="repeat(12, minmax(0, 1fr))" gap="4" data-testid="dashboard-grid">
              {draft.map((tile) => (
                <SortableTile key={tile.id} tile={tile} onResize={(size) => dispatch({ type: 'resize', id: tile.id, size })} onRemove={() => dispatch({ type: 'remove', id: tile.id })}>
                  {card(tile)}
                </SortableTile>
              ))}
            </Grid>
          </SortableContext>
        </DndContext>
      ) : (
        <Grid templateColumns="repeat(12, minmax(0, 1fr))" gap="4" data-testid="dashboard-grid">
          {shown.map((tile) => (
            <Box key={tile.id} gridColumn={TILE_SPAN[tile.size]} data-testid={`tile-${tile.id}`} data-card={tile.name} data-size={tile.size}>
              {card(tile)}
            </Box>
          ))}
        </Grid>
      )}
    </Box>
  );
}
