import type { WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { EntityFormContext } from '../form-context';
import { LocalDateInput, type LocalDateKind } from './local-date-input';
import { widgetInputProps } from './widget-input-props';

function createTemporalWidget(kind: LocalDateKind): ComponentType<WidgetProps> {
  function TemporalWidget(props: WidgetProps) {
    const { id, value, onChange, onBlur } = props;
    const context = props.registry.formContext as Partial<EntityFormContext> | undefined;
    const locale = context?.locale ?? navigator.language;
    // The box reports its own leaving (with the value it read), so rjsf's plain blur report is left out.
    const { onBlur: _plainBlur, ...inputProps } = widgetInputProps(props);
    return (
      <LocalDateInput
        {...inputProps}
        kind={kind}
        value={value}
        locale={locale}
        dateStyle={context?.dateStyle}
        unreadable="pass"
        onValueChange={(next) => onChange(next ?? null)}
        onLeave={(next) => onBlur(id, next ?? null)}
      />
    );
  }
  return TemporalWidget;
}

/** Date (stored YYYY-MM-DD), typed and shown in the UI language's order; arrows up and down step a day. */
export const DateWidget = createTemporalWidget('date');
/** Date and time, stored in UTC, typed and shown in local time and the UI language; arrows step a minute. */
export const DateTimeWidget = createTemporalWidget('datetime');
/** Time of day (stored HH:MM:SS), typed and shown in the UI language (24 hours or with AM/PM); arrows step a minute. */
export const TimeWidget = createTemporalWidget('time');
