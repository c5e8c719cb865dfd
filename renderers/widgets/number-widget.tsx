import type { WidgetProps } from '@rjsf/utils';
import { formatNumberValue, normaliseNumberInput } from '../../schemas';
import type { EntityFormContext } from '../form-context';
import { useDraftText } from './draft-text';
import { NumericTextInput } from './numeric-text-input';
import { isInteger, isNullable } from './schema-traits';

const INTEGER_TYPING = /^[+-]?\d*$/;
const DECIMAL_TYPING = /^[+-]?\d*([.,]\d*)?([eE][+-]?\d*)?$/;

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Number box (spec 2 §5): empty input is null when the field is nullable, else 0 (schemas/ `normaliseNumberInput`);
 * integer managed types refuse a decimal separator as it is typed, and a pasted decimal is refused on blur.
 * The text is kept while typing ("12." stays), the stored value is the number.
 */
export function NumberWidget(props: WidgetProps) {
  const { id, value, schema, onChange, onBlur } = props;
  const integer = isInteger(schema);
  const nullable = isNullable(schema);
  const { text, setText, send } = useDraftText(value, toText(value), onChange);
  const locale = (props.registry.formContext as Partial<EntityFormContext> | undefined)?.locale;
  // A read-only box cannot be typed into, so it reads as the grid does: grouped, in the UI language.
  const shown = props.readonly && locale && typeof value === 'number' ? formatNumberValue({ type: 'Number', managedType: integer ? 'int64' : 'double' }, value, { locale }) : text;
  return (
    <NumericTextInput
      widget={props}
      text={shown}
      inputMode={integer ? 'numeric' : 'decimal'}
      onType={(typed) => {
        if (!(integer ? INTEGER_TYPING : DECIMAL_TYPING).test(typed.trim())) return; // refused: the text stays as it was
        setText(typed);
        send(normaliseNumberInput({ nullable }, typed));
      }}
      onLeave={() => {
        let next = normaliseNumberInput({ nullable }, text);
        if (integer && typeof next === 'number' && !Number.isInteger(next)) next = nullable ? null : 0;
        setText(toText(next));
        send(next);
        onBlur(id, next);
      }}
    />
  );
}
