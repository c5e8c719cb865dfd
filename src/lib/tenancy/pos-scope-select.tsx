import { Field, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useScopeOptions } from './pos-scope-options';

/**
 * A scope of the POS configuration's tree (global, countries, tenants, locations, POS terminals), indented by level,
 * for the pages that store things per scope (the receipt designer, the quick-access layouts).
 */
export function ScopeSelect({ value, label, disabled, onChange, testId }: { value: string; label: string; disabled?: boolean; onChange: (scope: string) => void; testId: string }) {
  const { t } = useLingui();
  const { options } = useScopeOptions();
  const known = options?.some((option) => option.scope === value);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
          {!known && <option value={value}>{value}</option>}
          {options?.map((option) => (
            <option key={option.scope} value={option.scope}>
              {'\u00a0\u00a0'.repeat(option.depth)}
              {option.type === 'GLOBAL' ? t`Global` : option.type === 'TERMINAL' ? t`Terminal ${option.id} ${option.text}` : option.text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
