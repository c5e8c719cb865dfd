import { Box, Input, Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState, type ChangeEvent, type ComponentType } from 'react';
import { LengthCounter } from './length-counter';

/** How a text widget variant behaves. */
export interface TextVariant {
  type?: 'text' | 'password' | 'email' | 'url' | 'tel';
  /** Forced case; `ui:options.case` overrides it. */
  case?: 'upper' | 'lower';
  multiline?: boolean;
  monospace?: boolean;
  /** Shown before the input (a country flag). */
  adornment?: ComponentType<{ value: string }>;
}

function applyCase(text: string, mode: unknown): string {
  if (mode === 'upper') return text.toLocaleUpperCase();
  if (mode === 'lower') return text.toLocaleLowerCase();
  return text;
}

/**
 * Builds a text box widget: password, multi-line, forced upper or lower case, monospace (barcodes), with the
 * 'n/max' counter while focused when `ui:options.maxLength` exists. Empty text is stored as null.
 */
export function createTextWidget(variant: TextVariant = {}): ComponentType<WidgetProps> {
  function TextWidget({ id, value, required, disabled, readonly, autofocus, placeholder, options, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
    const [focused, setFocused] = useState(false);
    // The side the counter covers: the page's end (left in a right-to-left page). The box keeps room there on that
    // physical side, since its own direction follows the value (dir="auto"): a Latin value in an Arabic page is left
    // to right, and a logical end padding would land on the other side, under the value.
    const frame = useRef<HTMLDivElement>(null);
    const [counterSide, setCounterSide] = useState<'left' | 'right'>('right');
    const text = value === null || value === undefined ? '' : String(value);
    const caseMode = options.case ?? variant.case;
    const maxLength = typeof options.maxLength === 'number' ? options.maxLength : undefined;
    const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = applyCase(event.currentTarget.value, caseMode);
      onChange(next === '' ? null : next);
    };
    const common = {
      id,
      name: htmlName ?? id,
      // The value's own direction: a code or number stays left to right inside a right-to-left page.
      dir: 'auto',
      value: text,
      required,
      disabled,
      readOnly: readonly,
      autoFocus: autofocus,
      placeholder,
      'aria-invalid': rawErrors && rawErrors.length > 0 ? true : undefined,
      'aria-describedby': focused && maxLength !== undefined ? `${id}__counter` : undefined,
      fontFamily: variant.monospace ? 'mono' : undefined,
      textTransform: caseMode === 'upper' ? ('uppercase' as const) : caseMode === 'lower' ? ('lowercase' as const) : undefined,
      onChange: change,
      onFocus: () => {
        setCounterSide(frame.current && getComputedStyle(frame.current).direction === 'rtl' ? 'left' : 'right');
        setFocused(true);
        onFocus(id, value);
      },
      onBlur: () => {
        setFocused(false);
        onBlur(id, value);
      },
    };
    const Adornment = variant.adornment;
    const counted = focused && maxLength !== undefined;
    const room = counted ? (counterSide === 'left' ? { pl: '14' } : { pr: '14' }) : {};
    return (
      <Box width="full" display="flex" alignItems="center" gap="2">
        {Adornment && <Adornment value={text} />}
        {/* The counter sits inside the box so that showing and hiding it on focus never moves the layout: a click
            on a button below would otherwise land beside it once the blur has removed the counter. */}
        <Box ref={frame} position="relative" flex="1" minWidth="0">
          {variant.multiline ? <Textarea {...common} {...room} rows={4} autoresize /> : <Input {...common} {...room} type={variant.type ?? 'text'} />}
          {focused && maxLength !== undefined && <LengthCounter id={`${id}__counter`} text={text} max={maxLength} />}
        </Box>
      </Box>
    );
  }
  return TextWidget;
}
