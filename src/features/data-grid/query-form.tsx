import { Box, Field, HStack, Input, NativeSelect, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { LocalDateInput } from '../../../renderers/widgets/local-date-input';
import { LookupPicker } from '../../../renderers/widgets/lookup-widget';
import { latinDigits, schemaAt, type CompiledLookup, type CompiledQueryField, type JsonSchema } from '../../../schemas';
import { createLookupResolver, createLookupSource } from './data-lookups';
import { queryFieldMode, rangeOf, type QueryRange } from './grid-query';
import { useDateStyle } from '../../lib/format/date-style';

// The query form may search by a disabled record too (its records still point at it).
const lookupSource = createLookupSource(undefined, { includeDisabled: true });
const resolveLookup = createLookupResolver();

/** Props of the query form. */
export interface QueryFormProps {
  fields: readonly CompiledQueryField[];
  /** The kind's lookups by field path: a lookup query field picks a record through its lookup. */
  lookups?: Readonly<Record<string, CompiledLookup>>;
  /** The kind's record schema: an enum query field offers the options of its `oneOf`. */
  schema?: JsonSchema;
  values: Record<string, unknown>;
  q: string;
  onChange: (values: Record<string, unknown>, q: string) => void;
  onSubmit: () => void;
  /** The Search button (its label and busy state belong to the page). */
  children: ReactNode;
}

/** The id of a query field's box (its label points at it); a range's second box adds `-to`. */
const queryFieldId = (path: string) => `query-${path.replace(/\W/g, '-')}`;

const shown = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * The box a temporal range end is typed in: a Date or DateTime field is queried by whole days (YYYY-MM-DD, the 'to'
 * day included, see grid-query), a Time field by times of day (HH:mm:ss); other fields are no temporal range.
 */
function temporalKindOf(field: CompiledQueryField): 'date' | 'time' | undefined {
  if (field.usage === 'Date' || field.usage === 'DateTime') return 'date';
  return field.usage === 'Time' ? 'time' : undefined;
}

/**
 * The query form generated from the kind's query fields, with the quick search box (spec 2 §2). Text fields
 * search for contained text, numbers, dates and times take a from–to range, booleans any/yes/no, lookups a
 * record picked through the lookup, enums one of their options. Enter searches.
 */
export function QueryForm({ fields, lookups = {}, schema, values, q, onChange, onSubmit, children }: QueryFormProps) {
  const { t, i18n } = useLingui();
  const dateStyle = useDateStyle();
  const set = (field: string, value: unknown) => onChange({ ...values, [field]: value }, q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  const editor = (field: CompiledQueryField) => {
    const path = field.field;
    const value = values[path];
    const label = field.label;
    switch (queryFieldMode(field)) {
      case 'boolean':
        return (
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              data-query-field={path}
              value={value === true ? 'true' : value === false ? 'false' : ''}
              onChange={(e) => set(path, e.currentTarget.value === '' ? undefined : e.currentTarget.value === 'true')}
            >
              <option value="">{t`Any`}</option>
              <option value="true">{t`Yes`}</option>
              <option value="false">{t`No`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      case 'range': {
        // A plain value (a link from before ranges) shows as both ends: the same exact match.
        const range: QueryRange = rangeOf(value) ?? (value === undefined || value === null || value === '' ? {} : { from: shown(value), to: shown(value) });
        const end = (bound: 'from' | 'to') => {
          const common = {
            size: 'sm',
            'data-query-field': path,
            'data-bound': bound,
            // The label names the 'from' box (the field's id); the 'to' box needs an id of its own.
            id: bound === 'to' ? `${queryFieldId(path)}-to` : undefined,
            'aria-label': bound === 'from' ? t`${label} from` : t`${label} to`,
          } as const;
          // Dates and times are shown and typed in the UI language, not the browser's (a native time box follows the
          // browser); the query keeps ISO text, YYYY-MM-DD or HH:mm:ss.
          const temporal = temporalKindOf(field);
          if (temporal) {
            return <LocalDateInput {...common} kind={temporal} locale={i18n.locale} dateStyle={dateStyle} unreadable="drop" value={range[bound]} onValueChange={(next) => set(path, { ...range, [bound]: next ?? '' })} />;
          }
          return (
            <Input
              {...common}
              type="text"
              placeholder={bound === 'from' ? t`from` : t`to`}
              inputMode={field.type === 'Number' ? 'decimal' : undefined}
              value={range[bound] ?? ''}
              onChange={(e) => set(path, { ...range, [bound]: field.type === 'Number' ? latinDigits(e.currentTarget.value) : e.currentTarget.value })}
            />
          );
        };
        return (
          <HStack gap="1">
            {end('from')}
            {end('to')}
          </HStack>
        );
      }
      case 'lookup': {
        const lookup = lookups[path];
        if (lookup) {
          return (
            <LookupPicker
              id={queryFieldId(path)}
              ariaLabel={label}
              value={value}
              lookup={lookup}
              source={lookupSource}
              resolve={resolveLookup}
              onChange={(next) => set(path, next ?? undefined)}
            />
          );
        }
        break; // without its lookup definition the value is typed
      }
      case 'choice': {
        const choices = ((schema && (schemaAt(schema, path)?.oneOf as { const?: unknown; title?: string }[] | undefined)) ?? []).filter((c) => c.const !== null && c.const !== undefined);
        if (choices.length === 0) break;
        const at = choices.findIndex((c) => c.const === value);
        return (
          <NativeSelect.Root size="sm">
            <NativeSelect.Field data-query-field={path} value={at < 0 ? '' : String(at)} onChange={(e) => set(path, e.currentTarget.value === '' ? undefined : choices[Number(e.currentTarget.value)]!.const)}>
              <option value="">{t`Any`}</option>
              {choices.map((choice, index) => (
                <option key={index} value={String(index)}>
                  {choice.title ?? String(choice.const)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      }
      case 'contains':
        return <Input size="sm" dir="auto" data-query-field={path} placeholder={t`contains…`} value={shown(value)} onChange={(e) => set(path, e.currentTarget.value)} />;
    }
    return <Input size="sm" dir="auto" data-query-field={path} inputMode={field.type === 'Number' ? 'decimal' : undefined} value={shown(value)} onChange={(e) => set(path, field.type === 'Number' ? latinDigits(e.currentTarget.value) : e.currentTarget.value)} />;
  };

  return (
    <Box as="form" onSubmit={submit} data-testid="query-form" mb="3" role="search">
      <Wrap gap="3" align="end">
        <Field.Root w="60" flex="none">
          <Field.Label textStyle="xs">{t`Quick search`}</Field.Label>
          <HStack gap="1" w="full">
            <Search size={14} aria-hidden />
            <Input size="sm" type="search" value={q} data-testid="quick-search" onChange={(e) => onChange(values, e.currentTarget.value)} />
          </HStack>
        </Field.Root>
        {fields.map((field) => (
          <Field.Root key={field.field} id={queryFieldId(field.field)} w={queryFieldMode(field) === 'range' ? '72' : '48'} flex="none" data-query-mode={queryFieldMode(field)}>
            <Field.Label textStyle="xs">{field.label}</Field.Label>
            {editor(field)}
          </Field.Root>
        ))}
        {children}
      </Wrap>
      {/* Enter in any box submits. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Box>
  );
}
