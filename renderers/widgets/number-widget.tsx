import type { WidgetProps } from '@rjsf/utils';
import { DOUBLE_EXACT_DIGITS, formatNumberValue, normaliseDecimal, normaliseNumberInput, parseDecimal, parseWideInteger } from '../../schemas';
import type { EntityFormContext } from '../form-context';
import { useDraftText } from './draft-text';
import { NumericTextInput } from './numeric-text-input';
import { exactDecimalRange, isInteger, isNullable, isWideInteger } from './schema-traits';

const INTEGER_TYPING = /^[+-]?\d*$/;
const DECIMAL_TYPING = /^[+-]?\d*([.,]\d*)?([eE][+-]?\d*)?$/;
// An exact decimal is typed as plain decimal text: an exponent would be a second way to write the same digits.
const EXACT_TYPING = /^[+-]?\d*([.,]\d*)?$/;

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Number box (spec 2 §5): empty input is null when the field is nullable, else 0 (schemas/ `normaliseNumberInput`);
 * integer managed types refuse a decimal separator as it is typed, and a pasted decimal is refused on blur.
 * The text is kept while typing ("12." stays), the stored value is the number. A wide integer (int64 / uint64) keeps
 * its text as the value itself, a decimal string, so no digit past 2^53 is lost to a JS number; so does an exact
 * decimal (a decimal with a precision above 15), written in its canonical form with the field's scale on leaving.
 */
export function NumberWidget(props: WidgetProps) {
  const wide = isWideInteger(props.schema);
  const exact = exactDecimalRange(props.schema);
  const { id, value, schema, onChange, onBlur } = props;
  const integer = wide || isInteger(schema);
  const nullable = isNullable(schema);
  const { text, setText, send } = useDraftText(value, toText(value), onChange);
  const locale = (props.registry.formContext as Partial<EntityFormContext> | undefined)?.locale;
  // A read-only box cannot be typed into, so it reads as the grid does: grouped, in the UI language.
  const readable = typeof value === 'number' ? value : wide ? parseWideInteger(value) : undefined;
  let shown = props.readonly && locale && readable !== undefined ? formatNumberValue({ type: 'Number', managedType: integer ? 'int64' : 'double' }, readable, { locale }) : text;
  // An exact decimal's text goes to Intl as it is (no double on the way), with every digit of its scale.
  if (exact && props.readonly && locale && typeof value === 'string' && parseDecimal(value)) {
    shown = formatNumberValue({ type: 'Number', managedType: 'decimal', precision: DOUBLE_EXACT_DIGITS + 1, scale: exact.scale }, value as `${number}`, { locale });
  }
  // Empty is null when nullable, else zero; digits are the decimal string they spell ("007" and "+7" are "7"); anything
  // else ("-" halfway) stays as typed, for the validator to judge.
  const wideValue = (typed: string) => {
    const trimmed = typed.trim();
    if (trimmed === '') return nullable ? null : '0';
    return /^[+-]?\d+$/.test(trimmed) ? BigInt(trimmed).toString() : trimmed;
  };
  // Empty as above; "12,5" reads 12.5; decimal text is written with the field's scale ("12.5000"); text with more
  // digits after the point than the scale, or halfway ("12."), stays as typed, for the validator to judge.
  const exactValue = (typed: string, scale: number) => {
    const trimmed = typed.trim().replace(/^\+/, '');
    if (trimmed === '') return nullable ? null : normaliseDecimal('0', scale);
    return normaliseDecimal(trimmed.includes(',') && !trimmed.includes('.') ? trimmed.replace(',', '.') : trimmed, scale);
  };
  return (
    <NumericTextInput
      widget={props}
      text={shown}
      inputMode={integer ? 'numeric' : 'decimal'}
      onType={(typed) => {
        if (!(exact ? EXACT_TYPING : integer ? INTEGER_TYPING : DECIMAL_TYPING).test(typed.trim())) return; // refused: the text stays as it was
        setText(typed);
        send(exact ? exactValue(typed, exact.scale) : wide ? wideValue(typed) : normaliseNumberInput({ nullable }, typed));
      }}
      onLeave={() => {
        if (exact) {
          const next = exactValue(text, exact.scale);
          setText(toText(next));
          send(next);
          onBlur(id, next);
          return;
        }
        if (wide) {
          const next = wideValue(text);
          setText(toText(next));
          send(next);
          onBlur(id, next);
          return;
        }
        let next = normaliseNumberInput({ nullable }, text);
        if (integer && typeof next === 'number' && !Number.isInteger(next)) next = nullable ? null : 0;
        setText(toText(next));
        send(next);
        onBlur(id, next);
      }}
    />
  );
}
