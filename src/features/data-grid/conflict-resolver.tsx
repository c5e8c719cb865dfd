import { Box, Button, Dialog, HStack, Portal, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompiledEntity } from '../../../schemas';
import { fieldLabel } from '../../../schemas/field-label';
import type { DataRecord } from './data-api';
import { conflictRows } from './editor-session';
import { formatFieldValue } from './format-cell';

/** Props of the conflict resolver. */
export interface ConflictResolverProps {
  compiled: CompiledEntity;
  mine: DataRecord;
  theirs: DataRecord | null;
  onTakeOther: () => void;
  onKeepMine: () => void;
  onCancel: () => void;
}

/** A 409 on save (spec 2 §4): mine and theirs side by side per field; take the other version or keep mine. */
export function ConflictResolver({ compiled, mine, theirs, onTakeOther, onKeepMine, onCancel }: ConflictResolverProps) {
  const { t } = useLingui();
  const rows = conflictRows(
    compiled.meta.fields.map((f) => f.name),
    mine,
    theirs,
  );
  const labels = new Map(compiled.meta.fields.map((f) => [f.name, fieldLabel(f, compiled.locale)]));
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onCancel()} size="lg" placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="conflict-resolver">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Someone else changed this record</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3" textStyle="sm">
                <Trans>Compare your version with the current one and choose which to keep.</Trans>
              </Text>
              <Box maxH="60vh" overflow="auto">
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t`Field`}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t`Mine`}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t`Theirs`}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row) => (
                      <Table.Row key={row.field} data-field={row.field} data-differs={row.differs || undefined} bg={row.differs ? 'orange.subtle' : undefined}>
                        <Table.Cell fontWeight={row.differs ? 'semibold' : undefined}>{labels.get(row.field) ?? row.field}</Table.Cell>
                        <Table.Cell data-testid="conflict-mine">{formatFieldValue(compiled.schema, row.field, row.mine, t`Yes`, t`No`)}</Table.Cell>
                        <Table.Cell data-testid="conflict-theirs">{formatFieldValue(compiled.schema, row.field, row.theirs, t`Yes`, t`No`)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack>
                <Button variant="outline" onClick={onCancel}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button variant="outline" onClick={onTakeOther}>
                  <Trans>Take other</Trans>
                </Button>
                <Button colorPalette="blue" onClick={onKeepMine}>
                  <Trans>Keep mine</Trans>
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
