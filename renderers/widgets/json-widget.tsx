import { Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useDraftText } from './draft-text';
import { widgetInputProps } from './widget-input-props';

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

function parse(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The `object` and `array` widget names used as a `ui:widget` (a field forced to them by `extensions.widgets`):
 * the value edited as JSON text. Text that does not parse is passed on as is, so the validator names the problem.
 * Object and Array fields themselves render through the object and array templates instead.
 */
export function JsonWidget(props: WidgetProps) {
  const { value, onChange } = props;
  const { text, setText, send } = useDraftText(value, toText(value), onChange);
  return (
    <Textarea
      {...widgetInputProps(props)}
      value={text}
      fontFamily="mono"
      rows={5}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(parse(event.currentTarget.value));
      }}
    />
  );
}
