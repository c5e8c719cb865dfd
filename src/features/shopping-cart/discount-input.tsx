import { HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DiscountEntry } from './cart-types';

/** A discount: percent or an amount in the cart's currency, and its value; empty or 0 means none. */
export function DiscountInput({ value, onChange, currency, label, testId }: { value: DiscountEntry | undefined; onChange: (discount: DiscountEntry | undefined) => void; currency: string; label: string; testId: string }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<DiscountEntry['kind']>(value?.kind ?? 'percent');
  const [text, setText] = useState(value ? String(value.value) : '');
  // A change from elsewhere (clear, restore) shows here; the text being typed is kept while it reads the same.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setKind(value?.kind ?? kind);
    setText(Number(text.replace(',', '.')) === (value?.value ?? 0) ? text : value ? String(value.value) : '');
  }
  const commit = (nextKind: DiscountEntry['kind'], nextText: string) => {
    const number = Number(nextText.replace(',', '.'));
    onChange(nextText.trim() === '' || !Number.isFinite(number) || number <= 0 ? undefined : { kind: nextKind, value: number });
  };
  return (
    <HStack gap="1" minW="40" data-testid={testId}>
      <Input
        size="sm"
        inputMode="decimal"
        value={text}
        maxW="24"
        aria-label={label}
        placeholder="0"
        onChange={(event) => {
          setText(event.target.value);
          commit(kind, event.target.value);
        }}
      />
      <NativeSelect.Root size="sm" maxW="20">
        <NativeSelect.Field
          aria-label={t`Kind of discount: ${label}`}
          value={kind}
          onChange={(event) => {
            const next = event.target.value as DiscountEntry['kind'];
            setKind(next);
            commit(next, text);
          }}
        >
          <option value="percent">%</option>
          <option value="amount">{currency}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
