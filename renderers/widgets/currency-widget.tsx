import { InputGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { use } from 'react';
import { currencyDecimals, DEFAULT_CURRENCY, formatNumberValue, parseCurrencyAmount, parseCurrencyAmountText, roundToCurrency } from '../../schemas';
import { EditedRecord, type EntityFormContext } from '../form-context';
import { useDraftText } from './draft-text';
import { exactDecimalValue, formatExactDecimal } from './exact-decimal-text';
import { NumericTextInput } from './numeric-text-input';
import { exactDecimalRange, isNullable } from './schema-traits';

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
 * An exact-decimal amount (a precision above 15, schemas/exact-decimal.ts) is decimal text from typing to storing, as
 * in the number box: the typed amount is never read as a JS number nor rounded (more digits after the point than the
 * field's scale stay as typed for the validator to name), leaving writes the field's scale, and the read-only view
 * keeps every digit.
 */
export function CurrencyWidget(props: WidgetProps) {
  const { id, value, schema, options, registry, onChange, onBlur } = props;
  const context = registry.formContext as Partial<EntityFormContext> | undefined;
  const option = (options.currency ?? {}) as CurrencyOption;
  const record = use(EditedRecord);
  const sibling = option.field ? record?.[option.field] : undefined;
  const currency = typeof sibling === 'string' && /^[A-Za-z]{3}$/.test(sibling) ? sibling.toUpperCase() : (option.code ?? DEFAULT_CURRENCY);
  const exact = exactDecimalRange(schema);
  const nullable = isNullable(schema);
  const { text, setText, send } = useDraftText(value, formatAmount(value, currency), onChange);
  const empty = exact ? exactDecimalValue('', exact.scale, nullable) : nullable ? null : 0;
  // A read-only amount reads as the grid shows it: in its currency, grouped, in the UI language.
  const locale = context?.locale;
  const readOnlyText = !props.readonly || !locale
    ? undefined
    : exact
      ? formatExactDecimal(value, exact, { locale, usage: 'CurrencyAmount', currency })
      : typeof value === 'number' ? formatNumberValue({ type: 'Number', usage: 'CurrencyAmount' }, value, { locale, currency }) : undefined;
  // The value of typed text: an exact decimal's amount as its decimal text; unparsable text reaches the validator, which names it.
  const valueOf = (typed: string) => {
    if (exact) {
      const parsed = parseCurrencyAmountText(typed, currency);
      return parsed ? exactDecimalValue(parsed.amount, exact.scale, nullable) : typed;
    }
    const parsed = parseCurrencyAmount(typed, currency);
    return parsed ? parsed.amount : typed;
  };
  return (
    <InputGroup endElement={readOnlyText === undefined ? currency : undefined} width="full">
      <NumericTextInput
        widget={props}
        text={readOnlyText ?? text}
        inputMode="decimal"
        onType={(typed) => {
          setText(typed);
          send(typed.trim() === '' ? empty : valueOf(typed));
        }}
        onLeave={() => {
          if (exact) {
            const next = text.trim() === '' ? empty : valueOf(text);
            if (next !== text) setText(formatAmount(next, currency));
            send(next);
            onBlur(id, next);
            return;
          }
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
