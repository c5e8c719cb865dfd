import type { WidgetProps } from '@rjsf/utils';

type InputWidgetProps = Pick<WidgetProps, 'id' | 'value' | 'required' | 'disabled' | 'readonly' | 'autofocus' | 'onFocus' | 'onBlur' | 'htmlName' | 'rawErrors'>;

/**
 * The attributes every typed-value box of a widget carries: form name, required/disabled/read-only state, the
 * invalid mark while the field has errors, and the focus and blur reports rjsf expects. Change stays with each
 * widget because what it stores differs; a widget that normalises on leaving replaces `onBlur`. `dir="auto"` lets
 * a value take its own direction: codes and numbers stay left to right inside a right-to-left page.
 */
export function widgetInputProps({ id, value, required, disabled, readonly, autofocus, onFocus, onBlur, htmlName, rawErrors }: InputWidgetProps) {
  return {
    id,
    name: htmlName ?? id,
    dir: 'auto',
    required,
    disabled,
    readOnly: readonly,
    autoFocus: autofocus,
    'aria-invalid': rawErrors && rawErrors.length > 0 ? true : undefined,
    onFocus: () => onFocus(id, value),
    onBlur: () => onBlur(id, value),
  };
}
