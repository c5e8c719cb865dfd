import { Text } from '@chakra-ui/react';

/** The 'n/max' counter of a text box (spec 2 §5 "Text boxes"), counted in code points as the validator counts. */
export function LengthCounter({ text, max, id }: { text: string; max: number; id?: string }) {
  const length = [...text].length;
  return (
    <Text id={id} data-counter="" fontSize="xs" color={length > max ? 'fg.error' : 'fg.muted'} textAlign="end" aria-live="polite">
      {length}/{max}
    </Text>
  );
}
