import { Box, Button, Field, Grid, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { GRID_LIMITS, MAX_NAME_LENGTH, SCREEN_SIZES, type LayoutContent, type LayoutKind } from '../../../schemas/pos-layout';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { UnsavedChangesDialog } from '../../lib/ui/unsaved-changes-dialog';
import { useUnsavedGuard } from '../../lib/ui/use-unsaved-guard';
import { BusyHourglass } from '../../shell/busy-hourglass';
import { ButtonProperties } from './button-properties';
import { LayoutGrid } from './layout-grid';
import { addButton, moveButton, placeButton, removeButton, resizeButton, resizeGrid, updateButton } from './layout-moves';
import { LayoutPreview } from './layout-preview';
import { ScopeSelect } from '../../lib/tenancy/pos-scope-select';
import { useLayoutEditor } from './use-layout-editor';

/**
 * The visual editor of one layout: its grid of buttons (drag and resize by mouse, arrows and Shift+arrows by keyboard),
 * the selected button's properties, the problems as the user works, a preview at the terminal's screen size, and save.
 */
export function LayoutEditorPage({ kind, oid, listPath }: { kind: LayoutKind; oid: number; listPath: string }) {
  const { t } = useLingui();
  const editor = useLayoutEditor(kind, oid);
  const { draft, stored, problems, change } = editor;
  const [selectedId, setSelectedId] = useState<string>();
  const [preview, setPreview] = useState(false);
  // The button the keyboard last moved: its new place is read out from the current draft.
  const [movedId, setMovedId] = useState<string>();
  const guard = useUnsavedGuard(editor.dirty);
  const faulty = useMemo(() => new Set(problems.map((problem) => problem.buttonId).filter((id): id is string => id !== undefined)), [problems]);

  if (editor.loading) return <BusyHourglass />;
  if (!draft || !stored)
    return (
      <Text color="fg.error" role="alert">
        <Trans>This layout could not be read. It may have been deleted.</Trans> <Link to={listPath}>{t`Back to the list`}</Link>
      </Text>
    );
  const readOnly = !stored.canChange;
  const selected = draft.content.buttons.find((button) => button.id === selectedId);
  const setContent = (update: (content: LayoutContent) => LayoutContent) => change((current) => ({ ...current, content: update(current.content) }));
  const moved = draft.content.buttons.find((candidate) => candidate.id === movedId);
  const announcement = moved ? t`${moved.label || moved.target}: column ${moved.x + 1}, row ${moved.y + 1}, ${moved.w} by ${moved.h} cells` : '';
  const save = async () => {
    if (problems.length > 0) {
      toasts.show({ type: 'warning', title: t`The layout has problems`, content: t`Correct the problems listed under the grid, then save again.` });
      document.getElementById('layout-problems')?.focus();
      return;
    }
    try {
      await editor.save();
      toasts.show({ type: 'success', title: t`Layout saved` });
    } catch (error) {
      showError(error);
    }
  };
  const add = () => {
    const added = addButton(draft.content, t`New button`);
    if (!added) {
      toasts.show({ type: 'warning', title: t`The grid is full`, content: t`Make the grid larger or a button smaller first.` });
      return;
    }
    setContent(() => added.content);
    setSelectedId(added.id);
  };
  const screenValue = `${draft.content.screen.width}x${draft.content.screen.height}`;

  return (
    <Stack gap="4" data-testid="layout-editor" onKeyDown={(event) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 's') {
        event.preventDefault();
        void save();
      }
    }}>
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Link to={listPath} onClick={(event) => {
          if (!editor.dirty) return;
          event.preventDefault();
          guard.confirm(() => editor.discard());
        }}>
          ‹ {t`All layouts`}
        </Link>
        <HStack gap="2">
          <Button size="sm" variant="outline" aria-pressed={preview} onClick={() => setPreview(!preview)} data-testid="layout-preview-toggle">
            {preview ? t`Edit` : t`Preview`}
          </Button>
          <Button size="sm" variant="outline" disabled={!editor.dirty || editor.saving} onClick={editor.discard} data-testid="layout-discard">
            {t`Discard changes`}
          </Button>
          <Button size="sm" colorPalette="blue" disabled={readOnly || !editor.dirty} loading={editor.saving} onClick={() => void save()} data-testid="layout-save" aria-keyshortcuts="Control+S">
            {t`Save`}
          </Button>
        </HStack>
      </HStack>
      {readOnly && (
        <Text color="fg.muted" role="note">
          <Trans>You may read this layout but not change it.</Trans>
        </Text>
      )}
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(5, 1fr)' }} gap="3" alignItems="end">
        <Field.Root disabled={readOnly}>
          <Field.Label>{t`Name`}</Field.Label>
          <Input size="sm" value={draft.name} maxLength={MAX_NAME_LENGTH} data-testid="layout-name" onChange={(event) => change((current) => ({ ...current, name: event.target.value }))} />
        </Field.Root>
        <ScopeSelect value={draft.scope} label={t`Scope`} disabled={readOnly} testId="layout-scope" onChange={(scope) => change((current) => ({ ...current, scope }))} />
        <Field.Root disabled={readOnly}>
          <Field.Label>{t`Columns`}</Field.Label>
          <Input size="sm" type="number" min={GRID_LIMITS.minColumns} max={GRID_LIMITS.maxColumns} value={draft.content.columns} data-testid="layout-columns" onChange={(event) => Number.isSafeInteger(event.target.valueAsNumber) && setContent((content) => resizeGrid(content, event.target.valueAsNumber, content.rows))} />
        </Field.Root>
        <Field.Root disabled={readOnly}>
          <Field.Label>{t`Rows`}</Field.Label>
          <Input size="sm" type="number" min={GRID_LIMITS.minRows} max={GRID_LIMITS.maxRows} value={draft.content.rows} data-testid="layout-rows" onChange={(event) => Number.isSafeInteger(event.target.valueAsNumber) && setContent((content) => resizeGrid(content, content.columns, event.target.valueAsNumber))} />
        </Field.Root>
        <Field.Root disabled={readOnly}>
          <Field.Label>{t`Terminal screen`}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={screenValue} data-testid="layout-screen" onChange={(event) => {
              const [width = 1024, height = 768] = event.target.value.split('x').map(Number);
              setContent((content) => ({ ...content, screen: { width, height } }));
            }}>
              {SCREEN_SIZES.map((size) => (
                <option key={`${size.width}x${size.height}`} value={`${size.width}x${size.height}`}>
                  {t`${size.width} x ${size.height} pixels`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Grid>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }} gap="4" alignItems="start">
        <Stack gap="2">
          {preview ? (
            <LayoutPreview content={draft.content} />
          ) : (
            <LayoutGrid
              content={draft.content}
              selectedId={selectedId}
              faulty={faulty}
              readOnly={readOnly}
              onSelect={setSelectedId}
              onPlace={(id, x, y) => setContent((content) => placeButton(content, id, x, y))}
              onSize={(id, w, h) => setContent((content) => { const button = content.buttons.find((candidate) => candidate.id === id)!; return resizeButton(content, id, w - button.w, h - button.h); })}
              onMoveBy={(id, dx, dy, resize) => {
                setContent((content) => (resize ? resizeButton(content, id, dx, dy) : moveButton(content, id, dx, dy)));
                setSelectedId(id);
                setMovedId(id);
              }}
              onRemove={(id) => {
                setContent((content) => removeButton(content, id));
                setSelectedId(undefined);
              }}
            />
          )}
          <Text textStyle="xs" color="fg.muted" id="layout-keys">
            <Trans>Drag a button to move it and its corner to resize it. With the keyboard: Tab to a button, arrows move it, Shift+arrows resize it, Delete removes it, Ctrl+S saves.</Trans>
          </Text>
          <Box aria-live="polite" srOnly data-testid="layout-announcement">
            {announcement}
          </Box>
          <Box id="layout-problems" tabIndex={-1} data-testid="layout-problems" role={problems.length > 0 ? 'alert' : undefined}>
            {problems.length === 0 ? (
              <Text textStyle="sm" color="fg.muted">
                <Trans>No problems: the layout can be saved.</Trans>
              </Text>
            ) : (
              <Stack as="ul" gap="1" ps="4" color="fg.error" textStyle="sm">
                {problems.map((problem, index) => (
                  <li key={`${problem.path}-${index}`}>
                    <bdi>{problem.buttonId ? draft.content.buttons.find((button) => button.id === problem.buttonId)?.label || problem.buttonId : problem.path}</bdi>: {problem.message}
                  </li>
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
        <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
          <Heading as="h2" size="sm">
            {selected ? t`Button` : t`Buttons`}
          </Heading>
          <Button size="sm" variant="outline" disabled={readOnly} onClick={add} data-testid="layout-add-button">
            {t`Add a button`}
          </Button>
          {selected ? (
            <ButtonProperties
              kind={kind}
              scope={draft.scope}
              button={selected}
              columns={draft.content.columns}
              rows={draft.content.rows}
              readOnly={readOnly}
              onChange={(patch) => setContent((content) => updateButton(content, selected.id, patch))}
              onRemove={() => {
                setContent((content) => removeButton(content, selected.id));
                setSelectedId(undefined);
              }}
            />
          ) : (
            <Text textStyle="sm" color="fg.muted">
              <Trans>Select a button to change what it does, its label, colours and icon.</Trans>
            </Text>
          )}
        </Stack>
      </Grid>
      <UnsavedChangesDialog guard={guard} />
    </Stack>
  );
}
