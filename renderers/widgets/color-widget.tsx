import { HStack, Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';

/** '#RRGGBB' colour: a colour picker beside the hex text, both editing the same value. */
export function ColorWidget({ id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const valid = /^#[0-9A-Fa-f]{6}$/.test(text);
  return (
    <HStack width="full" gap="2">
      <Input
        type="color"
        aria-hidden
        tabIndex={-1}
        width="10"
        padding="1"
        value={valid ? text : '#000000'}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
      />
      <Input
        id={id}
        name={htmlName ?? id}
        value={text}
        fontFamily="mono"
        maxLength={7}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      />
    </HStack>
  );
}
