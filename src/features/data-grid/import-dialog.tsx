import { Alert, Badge, Box, Button, Code, HStack, Progress, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { fieldLabel, type CompiledEntity, type CompiledImport, type EntityDocument } from '../../../schemas';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { importTemplate, previewCellText, previewImport, type ImportPreview } from './csv-import';
import type { DataApi } from './data-api';
import { ImportDropZone } from './import-drop-zone';
import { validRowsOf, withServerErrors } from './import-valid-rows';

/** Props of the CSV import. */
export interface ImportDialogProps {
  compiled: CompiledEntity;
  doc: EntityDocument;
  api: DataApi;
  onDone: (imported: number) => void;
  onCancel: () => void;
}

/** Offers the header-only CSV as a download. */
function downloadTemplate(doc: EntityDocument, definition: CompiledImport | undefined): void {
  const blob = new Blob([`\uFEFF${importTemplate(doc, definition)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${doc.area}-${doc.entity}-import.csv`;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The columns of an import definition with their labels, descriptions and flags, as a guide to fill a file. */
function ImportColumnGuide({ definition }: { definition: CompiledImport }) {
  const { t } = useLingui();
  const gtin = definition.columns.find((c) => c.field === definition.gtinField);
  return (
    <Box mt="3" data-testid="import-columns">
      <Text textStyle="sm" fontWeight="semibold" mb="1">{t`Columns of the import`}</Text>
      {gtin && definition.columns.some((c) => c.requiredForGtin) && (
        <Text textStyle="xs" color="fg.muted" mb="2">{t`Once one row has a ${gtin.label}, every row needs the columns marked “Required for GTIN”.`}</Text>
      )}
      <Box maxH="40vh" overflow="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t`Column`}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`Label`}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`Description`}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {definition.columns
              .filter((column) => column.show)
              .map((column) => (
                <Table.Row key={column.field} data-testid="import-column" data-field={column.field} data-required={column.required || undefined} data-required-for-gtin={column.requiredForGtin || undefined}>
                  <Table.Cell>
                    <Code>{column.field}</Code>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" flexWrap="wrap">
                      <Text>{column.label}</Text>
                      {column.required && <Badge colorPalette="orange">{t`Required`}</Badge>}
                      {column.requiredForGtin && <Badge colorPalette="blue">{t`Required for GTIN`}</Badge>}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell color="fg.muted" whiteSpace="normal">
                    {column.description}
                  </Table.Cell>
                </Table.Row>
              ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}

/**
 * CSV import for any kind (spec 2 §2): drop or pick a file, columns mapped by field name or label, every row checked
 * with the compiled schema, a preview with the errors per row and cell; the import is one request the server writes
 * in one transaction, so nothing is half-imported. When some rows have errors the user fixes the file, or imports
 * the valid rows alone (`validOnly`: those rows all, or none of them). A kind with an import definition (spec 2 §3)
 * shows its columns with labels and descriptions, offers them as a template, takes only them and applies its rules.
 */
export function ImportDialog({ compiled, doc, api, onDone, onCancel }: ImportDialogProps) {
  const { t } = useLingui();
  const [fileName, setFileName] = useState<string>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(0);
  const definition = compiled.import;
  const hidden = new Set(definition?.columns.filter((c) => !c.show).map((c) => c.field));
  const columns = preview ? [...new Set(Object.values(preview.mapping))].filter((field) => !hidden.has(field)) : [];
  const labelOf = (field: string): string => {
    const column = definition?.columns.find((c) => c.field === field);
    if (column) return column.label;
    const model = doc.fields.find((f) => f.name === field);
    return definition && model ? fieldLabel(model, compiled.locale) : field;
  };

  const read = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setPreview(previewImport(await file.text(), doc, compiled.emptyRecord, compiled.locale));
  };

  const valid = preview ? validRowsOf(preview) : [];

  /** All rows, or with `validOnly` the rows without errors; the server's errors land on the lines they came from. */
  const run = async (validOnly: boolean) => {
    if (!preview) return;
    const sent = validOnly ? valid : preview.rows;
    setSending(sent.length);
    setBusy(true);
    try {
      const result = await api.importRecords(sent.map((row) => row.values), { validOnly });
      const skipped = preview.rows.length - result.imported;
      const content = skipped > 0 ? t`${result.imported} records imported; rows with errors left out: ${skipped}.` : t`${result.imported} records imported.`;
      toasts.show({ type: 'success', title: t`Operation successful`, content });
      onDone(result.imported);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.errors) setPreview(withServerErrors(preview, error.body.errors, sent));
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={<Trans>Import {compiled.pluralLabel} from CSV</Trans>}
      testId="import-dialog"
      size="xl"
      busy={busy}
      onCancel={onCancel}
      action={{
        label: <Trans>Import</Trans>,
        colorPalette: 'blue',
        onClick: () => void run(false),
        disabled: !preview || preview.invalid > 0 || preview.rows.length === 0 || busy,
        testId: 'import-run',
      }}
    >
      <ImportDropZone onFile={(file) => void read(file)} fileName={fileName} />
      <HStack mt="2" justify="flex-end">
        <Button size="xs" variant="outline" onClick={() => downloadTemplate(doc, definition)} data-testid="import-template">
          <Trans>Download template</Trans>
        </Button>
      </HStack>
      {definition && !preview && <ImportColumnGuide definition={definition} />}
      {preview && (
        <Box mt="3">
          <HStack gap="2" mb="2" flexWrap="wrap" textStyle="sm">
            <Text data-testid="import-summary">{t`${preview.rows.length} rows in ${fileName ?? ''}, ${preview.invalid} with errors.`}</Text>
            {preview.unmapped.length > 0 && <Text color="fg.muted">{t`Ignored columns: ${preview.unmapped.join(', ')}`}</Text>}
          </HStack>
          {preview.invalid > 0 && valid.length > 0 && (
            <Alert.Root status="warning" mb="2" data-testid="import-partial">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{t`Fix the file and drop it again, or import only the rows without errors and leave out the others.`}</Alert.Description>
              </Alert.Content>
              <Button size="sm" colorPalette="orange" alignSelf="center" flexShrink={0} onClick={() => void run(true)} disabled={busy} data-testid="import-valid-run">
                {t`Import the valid rows only (${valid.length})`}
              </Button>
            </Alert.Root>
          )}
          <Box maxH="50vh" overflow="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>#</Table.ColumnHeader>
                  {/* Errors come first so a wide file never pushes them out of sight. */}
                  <Table.ColumnHeader minW="56">{t`Errors`}</Table.ColumnHeader>
                  {columns.map((c) => (
                    <Table.ColumnHeader key={c} title={c}>
                      {labelOf(c)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {preview.rows.map((row) => {
                  const bad = Object.keys(row.errors).length > 0;
                  return (
                    <Table.Row key={row.line} data-testid="import-row" data-invalid={bad || undefined} bg={bad ? 'red.subtle' : undefined}>
                      <Table.Cell>{row.line}</Table.Cell>
                      <Table.Cell data-testid="import-row-errors" minW="56" whiteSpace="normal">
                        {Object.entries(row.errors).map(([field, messages]) => (
                          <Badge key={field} colorPalette="red" me="1" whiteSpace="normal">
                            {labelOf(field)}: {messages.join(' ')}
                          </Badge>
                        ))}
                      </Table.Cell>
                      {columns.map((c) => (
                        <Table.Cell key={c} data-cell={c} color={row.errors[c] ? 'fg.error' : undefined} title={row.errors[c]?.join(' ')} fontWeight={row.errors[c] ? 'semibold' : undefined}>
                          {previewCellText(row, c, preview.mapping)}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
          {busy && (
            <Progress.Root value={null} mt="2" size="xs" data-testid="import-progress">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.Label textStyle="xs">{t`Importing ${sending} records…`}</Progress.Label>
            </Progress.Root>
          )}
        </Box>
      )}
    </ActionDialog>
  );
}
