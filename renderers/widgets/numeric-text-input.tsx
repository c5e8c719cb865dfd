import { Input, type InputProps } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { latinDigits } from '../../schemas';
import { widgetInputProps } from './widget-input-props';

/** Other Input props pass through: InputGroup clones its child with padding and Group with its item marks. */
interface NumericTextInputProps extends Omit<InputProps, 'value' | 'inputMode' | 'onChange' | 'onBlur'> {
  widget: WidgetProps;
  /** The text shown, kept by the widget (see `useDraftText`). */
  text: string;
  inputMode: 'numeric' | 'decimal';
  /** Each keystroke's whole text; the widget decides whether to keep it and what to store. */
  onType: (typed: string) => void;
  /** Leaving the box: the widget normalises the text and reports the blur. */
  onLeave: () => void;
}

/**
 * The right-aligned text box of the number and currency widgets: plain text, so partial input can be kept. Digits
 * typed on an Arabic keyboard are taken as 0-9 (schemas/ `latinDigits`).
 */
export function NumericTextInput({ widget, text, inputMode, onType, onLeave, ...passed }: NumericTextInputProps) {
  return (
    <Input
      {...passed}
      {...widgetInputProps(widget)}
      type="text"
      inputMode={inputMode}
      value={text}
      placeholder={widget.placeholder}
      textAlign="end"
      onChange={(event) => onType(latinDigits(event.currentTarget.value))}
      onBlur={onLeave}
    />
  );
}
