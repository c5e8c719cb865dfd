import { Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { CompiledEntity } from '../../../schemas';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { exportColumnChoices, type ExportColumn } from './export-columns';

interface ExportDialogProps {
  compiled: CompiledEntity;
  /** Rows read so far while the export runs; undefined when idle. */
  exported: number | undefined;
  onExport: (columns: ExportColumn[]) => void;
  onCancel: () => void;
}

/**
 * Which columns the CSV export writes: every field of the kind, the grid's columns chosen at first; the file keeps
 * the order of this list. Checkboxes, so Tab and Space choose them.
 */
export function ExportDialog({ compiled, exported, onExport, onCancel }: ExportDialogProps) {
  const { t } = useLingui();
  const { columns, shown } = useMemo(() => exportColumnChoices(compiled), [compiled]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(shown));
  const busy = exported !== undefined;

  const toggle = (field: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });

  return (
    <ActionDialog
      title={<Trans>Export {compiled.pluralLabel} as CSV</Trans>}
      testId="export-dialog"
      size="md"
      busy={busy}
      onCancel={onCancel}
      action={{
        label: busy ? t`Exporting… ${exported}` : t`Export`,
        colorPalette: 'blue',
        onClick: () => onExport(columns.filter((c) => chosen.has(c.field))),
        disabled: chosen.size === 0 || busy,
        testId: 'export-run',
      }}
    >
      <Text textStyle="sm" color="fg.muted" mb="2">
        {t`The rows of the current query, with the chosen columns under their labels; lookups as the text the grid shows.`}
      </Text>
      <HStack gap="2" mb="2">
        <Button size="xs" variant="outline" onClick={() => setChosen(new Set(columns.map((c) => c.field)))} data-testid="export-all">
          <Trans>All columns</Trans>
        </Button>
        <Button size="xs" variant="outline" onClick={() => setChosen(new Set())} data-testid="export-none">
          <Trans>No columns</Trans>
        </Button>
        <Text textStyle="xs" color="fg.muted" aria-live="polite" data-testid="export-count">
          {t`${chosen.size} of ${columns.length} columns`}
        </Text>
      </HStack>
      <Stack as="fieldset" gap="1" maxH="50vh" overflow="auto" p="1" data-testid="export-columns">
        <Text as="legend" srOnly>
          {t`Columns to export`}
        </Text>
        {columns.map((column) => (
          <Checkbox.Root key={column.field} checked={chosen.has(column.field)} onCheckedChange={(details) => toggle(column.field, details.checked === true)} data-testid="export-column" data-field={column.field}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{column.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </ActionDialog>
  );
}
