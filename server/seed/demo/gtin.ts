/** The GS1 check digit of the digits before it (GTIN-8, -12, -13, -14 and GLN alike). */
export function gs1CheckDigit(body: string): number {
  if (!/^[0-9]+$/.test(body)) throw new RangeError(`GS1 digits expected, got '${body}'`);
  let sum = 0;
  // Weights alternate 3, 1, 3, ... starting from the digit next to the check digit.
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** The body followed by its check digit: `withCheckDigit('400638133393')` is '4006381333931'. */
export function withCheckDigit(body: string): string {
  return `${body}${gs1CheckDigit(body)}`;
}

/** Whether a full GS1 number carries the right check digit. */
export function isValidGs1(code: string): boolean {
  return /^[0-9]{8,14}$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}
