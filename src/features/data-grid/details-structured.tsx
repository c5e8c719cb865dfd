import { Box, HStack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { CompiledEntity, CompiledLookup, FieldModel, JsonSchema } from '../../../schemas';
import { formatFieldText } from '../../../schemas';
import { fieldLabel } from '../../../schemas/field-label';
import type { DataRecord } from './data-api';
import { LookupText } from './lookup-text';
import { lookupBatchId, lookupBatches } from './lookup-texts';
import { useDateStyle } from '../../lib/format/date-style';

// The read-only details show arrays and objects too (they had shown only plain fields, so a user's roles or an
// article's prices were visible under Edit only): an array of values as a list, an array of objects as a table.

/** The option title of an enum value in a compiled schema node (its `oneOf`), if it is one. */
function optionTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf as { const?: unknown; title?: string }[] | undefined;
  return options?.find((option) => option.const === value && value !== null && value !== undefined)?.title;
}

/** The lookups of an array's items, keyed by the path inside one item (metadata writes them `Roles[].RoleOid`). */
function itemLookups(lookups: Record<string, CompiledLookup>, arrayName: string): Record<string, CompiledLookup> {
  const prefix = `${arrayName}[]`;
  const found: Record<string, CompiledLookup> = {};
  for (const [path, lookup] of Object.entries(lookups)) {
    if (path === prefix) found[''] = lookup;
    else if (path.startsWith(`${prefix}.`)) found[path.slice(prefix.length + 1)] = lookup;
  }
  return found;
}

interface ValueProps {
  compiled: CompiledEntity;
  field: FieldModel | undefined;
  schema: JsonSchema | undefined;
  value: unknown;
  lookup: CompiledLookup | undefined;
  batches: ReturnType<typeof lookupBatches>;
}

/** One value of an item as text in the user's language: a lookup's record text, an enum's label, a formatted value. */
function ItemValue({ compiled, field, schema, value, lookup, batches }: ValueProps) {
  const { t } = useLingui();
  const dateStyle = useDateStyle();
  if (lookup) return <LookupText lookup={lookup} value={value} batch={batches.get(lookupBatchId(lookup))} />;
  return <bdi>{optionTitle(schema, value) ?? formatFieldText(field, value, { locale: compiled.locale, dateStyle, yes: t`Yes`, no: t`No` })}</bdi>;
}

/** An Array field of the details: its values as a list, or its objects as a table with a column per property. */
export function DetailsArray({ compiled, field, record }: { compiled: CompiledEntity; field: FieldModel; record: DataRecord }) {
  const { t } = useLingui();
  const raw = record[field.name];
  const items = useMemo(() => (Array.isArray(raw) ? (raw as unknown[]) : []), [raw]);
  const lookups = useMemo(() => itemLookups(compiled.lookups, field.name), [compiled.lookups, field.name]);
  const itemSchema = (compiled.schema.properties as Record<string, JsonSchema> | undefined)?.[field.name]?.items as JsonSchema | undefined;
  const itemModel = field.items;
  const objects = itemModel?.type === 'Object' && itemModel.properties ? itemModel.properties.filter((p) => p.usage !== 'Password' && p.type !== 'Array' && p.type !== 'Object') : undefined;
  const rows = useMemo(() => items.map((item) => (objects ? ((item ?? {}) as DataRecord) : ({ '': item } as DataRecord))), [items, objects]);
  const batches = useMemo(() => lookupBatches(lookups, rows), [lookups, rows]);
  const label = fieldLabel(field, compiled.locale);

  if (items.length === 0 || !objects) {
    return (
      <Box data-field={field.name} gridColumn={items.length > 3 ? '1 / -1' : undefined}>
        <Text as="span" color="fg.muted">
          {label}:{' '}
        </Text>
        {items.length === 0 ? (
          <Text as="span" color="fg.muted" data-empty="">
            {t`none`}
          </Text>
        ) : (
          <HStack as="span" display="inline-flex" gap="1" flexWrap="wrap">
            {items.map((item, index) => (
              <Text as="span" key={index} data-item={index}>
                <ItemValue compiled={compiled} field={itemModel} schema={itemSchema} value={item} lookup={lookups['']} batches={batches} />
                {index < items.length - 1 ? t`, ` : ''}
              </Text>
            ))}
          </HStack>
        )}
      </Box>
    );
  }

  const properties = (itemSchema?.properties ?? {}) as Record<string, JsonSchema>;
  return (
    <Box data-field={field.name} gridColumn="1 / -1" overflowX="auto" my="1">
      <Text color="fg.muted">{label}</Text>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            {objects.map((property) => (
              <Table.ColumnHeader key={property.name}>{fieldLabel(property, compiled.locale)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((item, index) => (
            <Table.Row key={index} data-item={index}>
              {objects.map((property) => (
                <Table.Cell key={property.name} data-property={property.name}>
                  <ItemValue compiled={compiled} field={property} schema={properties[property.name]} value={item[property.name]} lookup={lookups[property.name]} batches={batches} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The plain fields inside an Object field, as `Object › Field` paths (nested objects flattened; arrays inside left out). */
export function objectLeafPaths(field: FieldModel, locale: string, prefix = '', labelPrefix = ''): { path: string; label: string }[] {
  const path = prefix ? `${prefix}.${field.name}` : field.name;
  const label = labelPrefix ? `${labelPrefix} › ${fieldLabel(field, locale)}` : fieldLabel(field, locale);
  if (field.type !== 'Object') return field.type === 'Array' || field.usage === 'Password' ? [] : [{ path, label }];
  return (field.properties ?? []).flatMap((child) => objectLeafPaths(child, locale, path, label));
}
