import { Input, InputGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { currencyDecimals, DEFAULT_CURRENCY, parseCurrencyAmount, roundToCurrency } from '../../schemas';
import type { EntityFormContext } from '../form-context';
import { isNullable } from './schema-traits';

interface CurrencyOption {
  code?: string;
  field?: string;
}

function formatAmount(value: unknown, currency: string): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(currencyDecimals(currency)) : value === null || value === undefined ? '' : String(value);
}

/**
 * Currency amount box (spec 2 §5 "Currency"): reads 'CUR amount', 'amount CUR' or a bare amount, rounds to the
 * currency's decimals on blur. The currency is the one typed, else the sibling currency field named in
 * `ui:options.currency.field`, else `ui:options.currency.code`, else EUR.
 */
export function CurrencyWidget({ id, value, schema, options, registry, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const context = registry.formContext as Partial<EntityFormContext> | undefined;
  const option = (options.currency ?? {}) as CurrencyOption;
  const sibling = option.field ? context?.getRecord?.()[option.field] : undefined;
  const currency = typeof sibling === 'string' && /^[A-Za-z]{3}$/.test(sibling) ? sibling.toUpperCase() : (option.code ?? DEFAULT_CURRENCY);
  const [text, setText] = useState(() => formatAmount(value, currency));
  const lastSent = useRef<unknown>(value);
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(formatAmount(value, currency));
    }
  }, [value, currency]);
  const send = (next: unknown) => {
    lastSent.current = next;
    onChange(next);
  };
  const empty = isNullable(schema) ? null : 0;
  return (
    <InputGroup endElement={currency} width="full">
      <Input
        id={id}
        name={htmlName ?? id}
        inputMode="decimal"
        value={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        placeholder={placeholder}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        textAlign="end"
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          if (typed.trim() === '') return send(empty);
          const parsed = parseCurrencyAmount(typed, currency);
          send(parsed ? parsed.amount : typed); // unparsable text reaches the validator, which names it
        }}
        onFocus={() => onFocus(id, value)}
        onBlur={() => {
          const parsed = text.trim() === '' ? null : parseCurrencyAmount(text, currency);
          const next = text.trim() === '' ? empty : parsed ? roundToCurrency(parsed.amount, parsed.currency) : text;
          setText(parsed ? formatAmount(next, parsed.currency) : text);
          send(next);
          onBlur(id, next);
        }}
      />
    </InputGroup>
  );
}
