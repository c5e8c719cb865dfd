import { InputGroup } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { formatNumberValue, normaliseNumberInput, parseWideInteger, typedWholeNumber } from '../../schemas';
import type { EntityFormContext } from '../form-context';
import { useDraftText } from './draft-text';
import { EXACT_TYPING, exactDecimalValue, formatExactDecimal } from './exact-decimal-text';
import { NumericTextInput } from './numeric-text-input';
import { exactDecimalRange, isInteger, isNullable, isWideInteger } from './schema-traits';

const INTEGER_TYPING = /^[+-]?\d*$/;
const DECIMAL_TYPING = /^[+-]?\d*([.,]\d*)?([eE][+-]?\d*)?$/;

/** The option PercentWidget sets on the number box it renders. */
const PERCENT_OPTION = 'percent';

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
  // A percentage carries its sign: in the read-only number (as the grid shows it), else beside the box.
  const percent = props.options[PERCENT_OPTION] === true;
  const usage = percent ? 'Percent' : undefined;
  const exactText = exact && props.readonly && locale ? formatExactDecimal(value, exact, { locale, usage }) : undefined;
  const readOnlyText = exactText ?? (props.readonly && locale && readable !== undefined ? formatNumberValue({ type: 'Number', managedType: integer ? 'int64' : 'double', usage }, readable, { locale }) : undefined);
  const shown = readOnlyText ?? text;
  // Empty is null when nullable, else zero; digits are the decimal string they spell ("007" and "+7" are "7"); anything
  // else ("-" halfway) stays as typed, for the validator to judge.
  const wideValue = (typed: string) => {
    const trimmed = typed.trim();
    if (trimmed === '') return nullable ? null : '0';
    return typedWholeNumber(trimmed) ?? trimmed;
  };
  const exactValue = (typed: string, scale: number) => exactDecimalValue(typed, scale, nullable);
  const input = (
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
  return percent ? (
    <InputGroup endElement={readOnlyText === undefined ? '%' : undefined} width="full">
      {input}
    </InputGroup>
  ) : (
    input
  );
}

/** The percent box (a Percent field): the number box with its `%`. */
export function PercentWidget(props: WidgetProps) {
  return <NumberWidget {...props} options={{ ...props.options, [PERCENT_OPTION]: true }} />;
}
