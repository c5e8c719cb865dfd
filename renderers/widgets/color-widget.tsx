import { HStack, Input } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { widgetInputProps } from './widget-input-props';

/** '#RRGGBB' colour: a colour picker beside the hex text, both editing the same value. */
export function ColorWidget(props: WidgetProps) {
  const { value, disabled, readonly, onChange } = props;
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
        {...widgetInputProps(props)}
        value={text}
        fontFamily="mono"
        maxLength={7}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
      />
    </HStack>
  );
}
