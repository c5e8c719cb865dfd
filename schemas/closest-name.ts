/** Edit distance of two names, letters compared without case (Levenshtein). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/**
 * The candidate a misspelt name most likely meant (for "did you mean ...?"), or undefined when none is close:
 * at most 2 edits, or a third of the name's length for long names.
 */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  const best = [...candidates].map((c) => [c, distance(word, c)] as const).sort((x, y) => x[1] - y[1])[0];
  return best && best[1] <= Math.max(2, Math.floor(word.length / 3)) ? best[0] : undefined;
}
