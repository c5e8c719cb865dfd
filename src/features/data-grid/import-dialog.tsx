import { Badge, Box, Button, Dialog, HStack, Portal, Progress, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CompiledEntity, EntityDocument } from '../../../schemas';
import { ApiRequestError } from '../../lib/api/api-error';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { previewImport, type ImportPreview } from './csv-import';
import type { DataApi } from './data-api';

/** Props of the CSV import. */
export interface ImportDialogProps {
  compiled: CompiledEntity;
  doc: EntityDocument;
  api: DataApi;
  onDone: (imported: number) => void;
  onCancel: () => void;
}

/** Server errors keyed `<row>.<Field>` spread onto the preview rows. */
function withServerErrors(preview: ImportPreview, errors: Record<string, string[]>): ImportPreview {
  const rows = preview.rows.map((row) => ({ ...row, errors: { ...row.errors } }));
  for (const [key, messages] of Object.entries(errors)) {
    const [line, ...field] = key.split('.');
    const row = rows[Number(line) - 1];
    if (row) row.errors[field.join('.') || '(record)'] = messages;
  }
  return { ...preview, rows, invalid: rows.filter((r) => Object.keys(r.errors).length > 0).length };
}

/**
 * CSV import for any kind (spec 2 §2): pick a file, columns mapped by field name or label, every row checked with
 * the compiled schema, a preview with the errors per row and cell; the import is one request the server writes
 * in one transaction, so nothing is half-imported.
 */
export function ImportDialog({ compiled, doc, api, onDone, onCancel }: ImportDialogProps) {
  const { t } = useLingui();
  const [fileName, setFileName] = useState<string>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [busy, setBusy] = useState(false);
  const columns = preview ? [...new Set(Object.values(preview.mapping))] : [];

  const read = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setPreview(previewImport(await file.text(), doc, compiled.emptyRecord, compiled.locale));
  };

  const run = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const result = await api.importRecords(preview.rows.map((row) => row.record));
      toasts.show({ type: 'success', title: t`Operation successful`, content: t`${result.imported} records imported.` });
      onDone(result.imported);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.errors) setPreview(withServerErrors(preview, error.body.errors));
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && !busy && onCancel()} size="xl" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Import {compiled.pluralLabel} from CSV</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <input type="file" accept=".csv,text/csv" aria-label={t`CSV file`} data-testid="import-file" onChange={(e) => void read(e.currentTarget.files?.[0])} />
              {preview && (
                <Box mt="3">
                  <HStack gap="2" mb="2" flexWrap="wrap" textStyle="sm">
                    <Text data-testid="import-summary">{t`${preview.rows.length} rows in ${fileName ?? ''}, ${preview.invalid} with errors.`}</Text>
                    {preview.unmapped.length > 0 && <Text color="fg.muted">{t`Ignored columns: ${preview.unmapped.join(', ')}`}</Text>}
                  </HStack>
                  <Box maxH="50vh" overflow="auto" borderWidth="1px" borderRadius="md">
                    <Table.Root size="sm" stickyHeader>
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>#</Table.ColumnHeader>
                          {columns.map((c) => (
                            <Table.ColumnHeader key={c}>{c}</Table.ColumnHeader>
                          ))}
                          <Table.ColumnHeader>{t`Errors`}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {preview.rows.map((row) => {
                          const bad = Object.keys(row.errors).length > 0;
                          return (
                            <Table.Row key={row.line} data-testid="import-row" data-invalid={bad || undefined} bg={bad ? 'red.subtle' : undefined}>
                              <Table.Cell>{row.line}</Table.Cell>
                              {columns.map((c) => (
                                <Table.Cell key={c} data-cell={c} color={row.errors[c] ? 'fg.error' : undefined} title={row.errors[c]?.join(' ')} fontWeight={row.errors[c] ? 'semibold' : undefined}>
                                  {String(row.record[c] ?? '')}
                                </Table.Cell>
                              ))}
                              <Table.Cell data-testid="import-row-errors">
                                {Object.entries(row.errors).map(([field, messages]) => (
                                  <Badge key={field} colorPalette="red" me="1" whiteSpace="normal">
                                    {field}: {messages.join(' ')}
                                  </Badge>
                                ))}
                              </Table.Cell>
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
                      <Progress.Label textStyle="xs">{t`Importing ${preview.rows.length} records…`}</Progress.Label>
                    </Progress.Root>
                  )}
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="blue" onClick={() => void run()} disabled={!preview || preview.invalid > 0 || preview.rows.length === 0 || busy} loading={busy} data-testid="import-run">
                <Trans>Import</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
