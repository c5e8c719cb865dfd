import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { apiGet } from '../../lib/api/api-client';
import { POS_FUNCTIONS, type LayoutButton, type LayoutKind } from '../../../schemas/pos-layout';
import { POS_FUNCTION_LABELS } from './button-labels';
import { layoutsPath } from './layout-types';

/**
 * What a button sells or does: a POS function from the list, or an article or product group typed with suggestions
 * of the scope's own (GET /api/pos-layouts/{kind}/targets), so a number that does not exist is seen before saving.
 */
export function TargetPicker({ kind, scope, button, disabled, onChange }: { kind: LayoutKind; scope: string; button: LayoutButton; disabled: boolean; onChange: (target: string) => void }) {
  const { t, i18n } = useLingui();
  const listId = useId();
  const [search, setSearch] = useState(button.target);
  const lookup = button.kind === 'function' ? null : [`${layoutsPath(kind)}/targets`, scope, button.kind, search];
  const { data } = useSWR(lookup, ([path, scopeText, buttonKind, text]: [string, string, string, string]) => apiGet<{ items: { value: string; text: string }[] }>(path, { scope: scopeText, buttonKind, search: text, take: 20 }), { keepPreviousData: true });
  if (button.kind === 'function')
    return (
      <Field.Root disabled={disabled}>
        <Field.Label>{t`Function`}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={button.target} onChange={(event) => onChange(event.target.value)} data-testid="button-target">
            {!(POS_FUNCTIONS as readonly string[]).includes(button.target) && <option value={button.target}>{button.target}</option>}
            {POS_FUNCTIONS.map((key) => (
              <option key={key} value={key}>
                {i18n._(POS_FUNCTION_LABELS[key]!)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    );
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{button.kind === 'item' ? t`Article number` : t`Product group`}</Field.Label>
      <Input
        size="sm"
        list={listId}
        value={button.target}
        maxLength={64}
        data-testid="button-target"
        onChange={(event) => {
          setSearch(event.target.value);
          onChange(event.target.value);
        }}
      />
      <datalist id={listId}>
        {data?.items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.text}
          </option>
        ))}
      </datalist>
    </Field.Root>
  );
}
