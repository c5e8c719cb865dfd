/**
 * The roll paper widths a receipt printer takes, in mm (the POS setting receipt.paperWidth, the download's `paper`).
 * A module of its own so that the download routes read them without loading the ESC/POS writer (and fontkit) at start.
 */
export const PAPER_WIDTHS = [80, 58] as const;
/** One of them. */
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
