import { Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { normaliseNumberInput } from '../../schemas';
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
export function NumberWidget({ id, value, schema, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const integer = isInteger(schema);
  const nullable = isNullable(schema);
  const [text, setText] = useState(() => toText(value));
  const lastSent = useRef<unknown>(value);
  useEffect(() => {
    // A value set from outside (reset, paste of settings, effects) replaces the text being typed.
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(toText(value));
    }
  }, [value]);
  const send = (next: unknown) => {
    lastSent.current = next;
    onChange(next);
  };
  return (
    <Input
      id={id}
      name={htmlName ?? id}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
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
        if (!(integer ? INTEGER_TYPING : DECIMAL_TYPING).test(typed.trim())) return; // refused: the text stays as it was
        setText(typed);
        send(normaliseNumberInput({ nullable }, typed));
      }}
      onFocus={() => onFocus(id, value)}
      onBlur={() => {
        let next = normaliseNumberInput({ nullable }, text);
        if (integer && typeof next === 'number' && !Number.isInteger(next)) next = nullable ? null : 0;
        setText(toText(next));
        send(next);
        onBlur(id, next);
      }}
    />
  );
}
