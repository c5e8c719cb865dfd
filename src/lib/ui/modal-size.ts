import type { DialogRootProps } from '@chakra-ui/react';

/** The modal sizes of spec 1 §9; md is the default. */
export const MODAL_SIZES = ['sm', 'md', 'lg', 'xl', 'max', 'fullscreen'] as const;
/** A modal size as the spec names it. */
export type ModalSize = (typeof MODAL_SIZES)[number];
/** Spec 1 §9: a modal is md unless it asks for another size. */
export const DEFAULT_MODAL_SIZE: ModalSize = 'md';

// 'max' is as large as the screen allows with a margin around it (Chakra's 'cover'); 'fullscreen' fills the
// screen edge to edge without rounded corners (Chakra's 'full'). The other names are Chakra's own.
const CHAKRA_DIALOG_SIZE: Record<ModalSize, NonNullable<DialogRootProps['size']>> = {
  sm: 'sm',
  md: 'md',
  lg: 'lg',
  xl: 'xl',
  max: 'cover',
  fullscreen: 'full',
};

/** The Chakra dialog size that draws a modal of the given spec size. */
export function dialogSize(size: ModalSize = DEFAULT_MODAL_SIZE): NonNullable<DialogRootProps['size']> {
  return CHAKRA_DIALOG_SIZE[size];
}
