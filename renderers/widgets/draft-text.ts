import { useEffect, useRef, useState } from 'react';

/**
 * The text of a box whose stored value is parsed from it (numbers, amounts, JSON): the text is kept while typing
 * ("12." stays), and replaced by `valueText` only when the value changes from outside (reset, paste of settings,
 * effects), never by the echo of what this box sent itself.
 */
export function useDraftText(value: unknown, valueText: string, onChange: (next: unknown) => void) {
  const [text, setText] = useState(valueText);
  const lastSent = useRef<unknown>(value);
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(valueText);
    }
  }, [value, valueText]);
  const send = (next: unknown) => {
    lastSent.current = next;
    onChange(next);
  };
  return { text, setText, send };
}
