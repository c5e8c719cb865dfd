import { Text } from '@chakra-ui/react';

/**
 * The 'n/max' counter of a text box (spec 2 §5 "Text boxes"), counted in code points as the validator counts. It is
 * laid over the box's end (the parent is positioned) so that it takes no room of its own.
 */
export function LengthCounter({ text, max, id }: { text: string; max: number; id?: string }) {
  const length = [...text].length;
  return (
    <Text id={id} data-counter="" fontSize="xs" color={length > max ? 'fg.error' : 'fg.muted'} textAlign="end" aria-live="polite" position="absolute" insetEnd="2" bottom="1" pointerEvents="none" bg="bg" px="1" borderRadius="sm" zIndex="1">
      {length}/{max}
    </Text>
  );
}
