import { Input } from '@chakra-ui/react';
import { localToUTC, utcToLocal, type WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';

interface DateTimeKind {
  type: 'date' | 'datetime-local' | 'time';
  /** Stored value -> input text. */
  toInput: (value: string) => string;
  /** Input text -> stored value. */
  fromInput: (text: string) => string;
}

const KINDS: Record<'date' | 'datetime' | 'time', DateTimeKind> = {
  date: { type: 'date', toInput: (v) => v.slice(0, 10), fromInput: (t) => t },
  // Stored as UTC ISO date-time (format date-time), edited in local time.
  datetime: { type: 'datetime-local', toInput: (v) => utcToLocal(v), fromInput: (t) => localToUTC(t) ?? t },
  // iso-time wants HH:MM:SS; a time input without seconds gives HH:MM.
  time: { type: 'time', toInput: (v) => v.slice(0, 8), fromInput: (t) => (/^\d\d:\d\d$/.test(t) ? `${t}:00` : t) },
};

function createDateTimeWidget(kind: DateTimeKind): ComponentType<WidgetProps> {
  function DateTimeWidget({ id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
    const text = typeof value === 'string' && value !== '' ? kind.toInput(value) : '';
    const read = (t: string) => (t === '' ? null : kind.fromInput(t));
    return (
      <Input
        id={id}
        name={htmlName ?? id}
        type={kind.type}
        step={kind.type === 'date' ? undefined : 1}
        value={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        onChange={(event) => onChange(read(event.currentTarget.value))}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      />
    );
  }
  return DateTimeWidget;
}

/** Date (YYYY-MM-DD). */
export const DateWidget = createDateTimeWidget(KINDS.date);
/** Date and time, stored in UTC, edited in local time. */
export const DateTimeWidget = createDateTimeWidget(KINDS.datetime);
/** Time of day (HH:MM:SS). */
export const TimeWidget = createDateTimeWidget(KINDS.time);
