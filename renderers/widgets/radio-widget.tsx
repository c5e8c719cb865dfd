import { RadioGroup } from '@chakra-ui/react';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * The writing direction around `ref`'s element. Ark writes `dir="ltr"` on every part of the group unless told
 * otherwise (the app has no Ark locale provider), which would run the options and the arrow keys left to right
 * inside a right-to-left page; the page's direction follows the UI language.
 */
function useSurroundingDirection(ref: RefObject<HTMLElement | null>): 'ltr' | 'rtl' {
  const [dir, setDir] = useState<'ltr' | 'rtl'>('ltr');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after every render on purpose: the page's direction follows the UI language, with no event to subscribe to; setDir only runs when it changed, so it settles.
  useLayoutEffect(() => {
    const around = ref.current?.parentElement;
    const next = around && getComputedStyle(around).direction === 'rtl' ? 'rtl' : 'ltr';
    if (next !== dir) setDir(next);
  });
  return dir;
}

/**
 * In a right-to-left group, Left goes to the next option (which sits to the left) and Right to the previous one.
 * Chromium keeps Left as "previous" whatever the direction, so the arrow would move the choice away from where
 * it points; Up and Down keep the browser's own behaviour.
 */
function stepVisually(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const radios = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type=radio]:not(:disabled)')];
  const at = radios.indexOf(event.target as HTMLInputElement);
  if (at < 0) return;
  event.preventDefault();
  const next = radios[(at + (event.key === 'ArrowLeft' ? 1 : -1) + radios.length) % radios.length]!;
  next.focus();
  next.click(); // checks it as the browser's own arrow would, through the group's click handling
}

/**
 * An Enum as a radio group (`ui:widget: 'radio'`): every option in sight, for a required field with a few of
 * them. The options are native radio inputs sharing one name, so the group is one Tab stop, the arrow keys move
 * and select, Space selects, and the layout and arrows follow the page's direction. The group is named by the field's
 * label (`aria-labelledby`), and the label points at the chosen option (or the first), which is also what takes
 * focus to show the field's error. Values are option indexes, as in the select, since Enum values may be numbers.
 */
export function RadioWidget({ id, value, required, disabled, readonly, autofocus, options, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const index = typeof selected === 'string' ? selected : null;
  const labelled = index ?? '0';
  const read = (raw: string | null) => enumOptionsValueForIndex(raw ?? '', enumOptions, null);
  const enumDisabled = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const root = useRef<HTMLDivElement>(null);
  const dir = useSurroundingDirection(root);
  return (
    <RadioGroup.Root
      ref={root}
      dir={dir}
      ids={{ label: `field::${id}::label`, itemHiddenInput: (item) => (item === labelled ? id : `${id}-${item}`) }}
      name={htmlName ?? id}
      value={index}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      invalid={rawErrors !== undefined && rawErrors.length > 0}
      orientation="horizontal"
      size="sm"
      onValueChange={(details) => onChange(read(details.value))}
      onFocus={() => onFocus(id, value)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur(id, value); // leaving the group, not moving in it
      }}
      onKeyDown={dir === 'rtl' ? stepVisually : undefined}
      data-radio-group=""
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: '1rem', rowGap: '0.5rem' }}>
        {enumOptions.map((option, i) => (
          <RadioGroup.Item key={i} value={String(i)} disabled={enumDisabled.includes(option.value)}>
            <RadioGroup.ItemHiddenInput autoFocus={autofocus && String(i) === labelled} />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </div>
    </RadioGroup.Root>
  );
}
