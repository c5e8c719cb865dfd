import { InputGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { use } from 'react';
import { currencyDecimals, DEFAULT_CURRENCY, formatNumberValue, parseCurrencyAmount, roundToCurrency } from '../../schemas';
import { EditedRecord, type EntityFormContext } from '../form-context';
import { useDraftText } from './draft-text';
import { NumericTextInput } from './numeric-text-input';
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
export function CurrencyWidget(props: WidgetProps) {
  const { id, value, schema, options, registry, onChange, onBlur } = props;
  const context = registry.formContext as Partial<EntityFormContext> | undefined;
  const option = (options.currency ?? {}) as CurrencyOption;
  const record = use(EditedRecord);
  const sibling = option.field ? record?.[option.field] : undefined;
  const currency = typeof sibling === 'string' && /^[A-Za-z]{3}$/.test(sibling) ? sibling.toUpperCase() : (option.code ?? DEFAULT_CURRENCY);
  const { text, setText, send } = useDraftText(value, formatAmount(value, currency), onChange);
  const empty = isNullable(schema) ? null : 0;
  // A read-only amount reads as the grid shows it: in its currency, grouped, in the UI language.
  const locale = context?.locale;
  const readOnlyText = props.readonly && locale && typeof value === 'number' ? formatNumberValue({ type: 'Number', usage: 'CurrencyAmount' }, value, { locale, currency }) : undefined;
  return (
    <InputGroup endElement={readOnlyText === undefined ? currency : undefined} width="full">
      <NumericTextInput
        widget={props}
        text={readOnlyText ?? text}
        inputMode="decimal"
        onType={(typed) => {
          setText(typed);
          if (typed.trim() === '') return send(empty);
          const parsed = parseCurrencyAmount(typed, currency);
          send(parsed ? parsed.amount : typed); // unparsable text reaches the validator, which names it
        }}
        onLeave={() => {
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
