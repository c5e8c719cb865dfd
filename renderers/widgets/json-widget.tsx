import { Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

/**
 * The `object` and `array` widget names used as a `ui:widget` (a field forced to them by `extensions.widgets`):
 * the value edited as JSON text. Text that does not parse is passed on as is, so the validator names the problem.
 * Object and Array fields themselves render through the object and array templates instead.
 */
export function JsonWidget({ id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const [text, setText] = useState(() => toText(value));
  const lastSent = useRef<unknown>(value);
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(toText(value));
    }
  }, [value]);
  const parse = (t: string): unknown => {
    if (t.trim() === '') return null;
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return t;
    }
  };
  return (
    <Textarea
      id={id}
      name={htmlName ?? id}
      value={text}
      fontFamily="mono"
      rows={5}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      onChange={(event) => {
        setText(event.currentTarget.value);
        const next = parse(event.currentTarget.value);
        lastSent.current = next;
        onChange(next);
      }}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
