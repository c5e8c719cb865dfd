import { Input, type InputProps } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import { useDraftText } from './draft-text';
import type { DateStyle } from '../../schemas';
import { formatDateText, formatDateTimeText, formatTimeText, parseDateText, parseDateTimeText, parseTimeText } from './local-date-text';

interface TemporalKind {
  /** Stored value -> the text the locale (or the ISO style) writes. */
  format: (value: string, locale: string, style?: DateStyle) => string;
  /** Typed text -> stored value, undefined when the text is no value yet. */
  parse: (text: string, locale: string) => string | undefined;
  /** The stored value one step (a day, a minute) later or earlier, for the arrow keys. */
  step: (value: string, by: number) => string;
  /** A stored value whose text shows the locale's pattern as the box's placeholder. */
  sample: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

const KINDS = {
  // Stored as YYYY-MM-DD; arrows step a day.
  date: {
    format: formatDateText,
    parse: parseDateText,
    step: (value, by) => new Date(Date.parse(`${value.slice(0, 10)}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10),
    sample: '2026-12-31',
  },
  // Stored as a UTC instant (format date-time), written in the user's time zone; arrows step a minute.
  datetime: { format: formatDateTimeText, parse: parseDateTimeText, step: (value, by) => new Date(Date.parse(value) + by * 60_000).toISOString(), sample: '2026-12-31T23:59:00' },
  // iso-time wants HH:MM:SS; arrows step a minute.
  time: {
    format: formatTimeText,
    parse: parseTimeText,
    step: (value, by) => {
      const [h = 0, m = 0, s = 0] = value.split(':').map(Number);
      const minutes = (((h * 60 + m + by) % 1440) + 1440) % 1440;
      return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(s)}`;
    },
    sample: '23:59:00',
  },
} satisfies Record<string, TemporalKind>;

/** What a box holds: a date, a date and time, or a time of day. */
export type LocalDateKind = keyof typeof KINDS;

/** Props of {@link LocalDateInput}; other props (id, aria-label, data attributes, read-only…) go to the input. */
export interface LocalDateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'type' | 'placeholder' | 'inputMode'> {
  kind: LocalDateKind;
  /** The stored value (ISO text); anything else but a non-empty string is empty. */
  value: unknown;
  /** The UI language the text is shown and read in. */
  locale: string;
  /** How the value is written: as the language does (default) or ISO (the back office's formats.dateFormat). */
  dateStyle?: DateStyle;
  /**
   * Text that is no value yet: 'pass' hands it on as typed (an editor's validator names the problem instead of
   * losing it); 'drop' counts it as empty and marks the box invalid (a query has no validator to say so).
   */
  unreadable: 'pass' | 'drop';
  /** The new stored value, undefined when the box is empty (or holds unreadable text that is dropped). */
  onValueChange: (next: string | undefined) => void;
  /** Leaving the box, with the value it holds. */
  onLeave?: (value: string | undefined) => void;
}

const storedOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A text box for a date, date and time, or time of day, shown and read in the UI language rather than the
 * browser's (which a native `<input type="date">` follows). Arrows up and down step a day (dates) or a minute.
 * Shared by the editor's widgets and the grid's query form.
 */
export function LocalDateInput(props: LocalDateInputProps) {
  // A new language or date style writes the value anew: the box starts over with the text of that language.
  return <LocalDateBox key={`${props.locale}|${props.dateStyle ?? 'language'}`} {...props} />;
}

function LocalDateBox({ kind: kindName, value, locale, dateStyle = 'language', unreadable, onValueChange, onLeave, readOnly, disabled, ...rest }: LocalDateInputProps) {
  const kind: TemporalKind = KINDS[kindName];
  const stored = storedOf(value);
  // The draft compares the normalised value, so a dropped text (sent as undefined, echoed as '') is kept while typing.
  const { text, setText, send } = useDraftText(stored, stored ? kind.format(stored, locale, dateStyle) : '', (next) => onValueChange(next as string | undefined));
  const read = (typed: string) => (typed.trim() === '' ? undefined : (kind.parse(typed, locale) ?? (unreadable === 'pass' ? typed : undefined)));
  const stepBy = (event: KeyboardEvent, by: number) => {
    const current = kind.parse(text, locale);
    if (!current || readOnly || disabled) return;
    event.preventDefault();
    const next = kind.step(current, by);
    setText(kind.format(next, locale, dateStyle));
    send(next);
  };
  const invalid = unreadable === 'drop' && text.trim() !== '' && kind.parse(text, locale) === undefined;
  return (
    <Input
      aria-invalid={invalid || undefined}
      {...rest}
      readOnly={readOnly}
      disabled={disabled}
      type="text"
      inputMode={kindName === 'time' ? 'numeric' : undefined}
      value={text}
      placeholder={kind.format(kind.sample, locale, dateStyle)}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(read(event.currentTarget.value));
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowUp') stepBy(event, 1);
        if (event.key === 'ArrowDown') stepBy(event, -1);
      }}
      onBlur={() => {
        // Leaving the box writes a read value the way the locale does ("1.2.26" becomes "01.02.2026").
        const next = read(text);
        if (next !== undefined && kind.parse(text, locale)) setText(kind.format(next, locale, dateStyle));
        onLeave?.(next);
      }}
    />
  );
}
