/** Whether a row's number is shown (spec 2 §2): the first row, every 10th row and the last row. */
export function isMarkedRow(index: number, count: number): boolean {
  return index === 0 || (index + 1) % 10 === 0 || index === count - 1;
}

/** The text of the row-number cell: the 1-based number when marked, else empty. */
export function rowNumberText(index: number, count: number): string {
  return isMarkedRow(index, count) ? String(index + 1) : '';
}
