import { HStack, NativeSelect } from '@chakra-ui/react';
import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { NamedIcon } from './named-icon';

/**
 * Enum select over the compiled `oneOf` choices (an optional enum has a blank choice). The icon of the chosen
 * option (`ui:options.enumIcons`) shows beside it, since a native select cannot show icons in its list.
 */
export function EnumWidget({ id, value, required, disabled, readonly, autofocus, options, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const index = typeof selected === 'string' ? selected : '';
  const icons = (options.enumIcons ?? {}) as Record<string, string>;
  const icon = value === null || value === undefined ? undefined : icons[String(value)];
  const read = (raw: string) => enumOptionsValueForIndex(raw, enumOptions, null);
  return (
    <HStack width="full" gap="2">
      <NamedIcon name={icon} />
      <NativeSelect.Root disabled={disabled || readonly}>
        <NativeSelect.Field
          id={id}
          name={htmlName ?? id}
          value={index}
          aria-required={required || undefined}
          autoFocus={autofocus}
          aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
          aria-readonly={readonly || undefined}
          onChange={(event) => onChange(read(event.currentTarget.value))}
          onFocus={(event) => onFocus(id, read(event.currentTarget.value))}
          onBlur={(event) => onBlur(id, read(event.currentTarget.value))}
        >
          {index === '' && <option value="" />}
          {enumOptions.map((option, i) => (
            <option key={i} value={String(i)} disabled={Array.isArray(options.enumDisabled) && options.enumDisabled.includes(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
