import { Box, Field, HStack, Input, NativeSelect, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import type { CompiledQueryField } from '../../../schemas';

/** Props of the query form. */
export interface QueryFormProps {
  fields: readonly CompiledQueryField[];
  values: Record<string, unknown>;
  q: string;
  onChange: (values: Record<string, unknown>, q: string) => void;
  onSubmit: () => void;
  /** The Search button (its label and busy state belong to the page). */
  children: ReactNode;
}

/** The query form generated from the kind's query fields, with the quick search box (spec 2 §2). Enter searches. */
export function QueryForm({ fields, values, q, onChange, onSubmit, children }: QueryFormProps) {
  const { t } = useLingui();
  const set = (field: string, value: unknown) => onChange({ ...values, [field]: value }, q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
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
          <Field.Root key={field.field} w="48" flex="none">
            <Field.Label textStyle="xs">{field.label}</Field.Label>
            {field.type === 'Boolean' ? (
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  data-query-field={field.field}
                  value={values[field.field] === true ? 'true' : values[field.field] === false ? 'false' : ''}
                  onChange={(e) => set(field.field, e.currentTarget.value === '' ? undefined : e.currentTarget.value === 'true')}
                >
                  <option value="">{t`Any`}</option>
                  <option value="true">{t`Yes`}</option>
                  <option value="false">{t`No`}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : (
              <Input
                size="sm"
                data-query-field={field.field}
                inputMode={field.type === 'Number' ? 'decimal' : undefined}
                value={values[field.field] === undefined || values[field.field] === null ? '' : String(values[field.field])}
                onChange={(e) => set(field.field, e.currentTarget.value)}
              />
            )}
          </Field.Root>
        ))}
        {children}
      </Wrap>
      {/* Enter in any box submits. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Box>
  );
}
