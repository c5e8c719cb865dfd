import { Checkbox, Switch } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';

/**
 * Boolean as a checkbox, or a switch with `ui:options.variant: 'switch'`. The label is the field template's,
 * bound to the hidden input by id.
 */
export function CheckboxWidget({ id, value, disabled, readonly, autofocus, options, onChange, onBlur, onFocus, htmlName }: WidgetProps) {
  const checked = value === true;
  const common = {
    ids: { hiddenInput: id },
    name: htmlName ?? id,
    checked,
    disabled,
    readOnly: readonly,
    onCheckedChange: (details: { checked: boolean | 'indeterminate' }) => onChange(details.checked === true),
  };
  const input = { autoFocus: autofocus, onFocus: () => onFocus(id, value), onBlur: () => onBlur(id, value) };
  if (options.variant === 'switch') {
    return (
      <Switch.Root {...common}>
        <Switch.HiddenInput {...input} />
        <Switch.Control />
      </Switch.Root>
    );
  }
  return (
    <Checkbox.Root {...common}>
      <Checkbox.HiddenInput {...input} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
