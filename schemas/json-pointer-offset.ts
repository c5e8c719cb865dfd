/**
 * Where a JSON pointer (`/fields/2/type`) points in a JSON text: the offset of the value (or, for a member that is
 * missing, of the nearest object or array that exists), so an editor can put its cursor on a checker's message.
 * Reads only as far as it must; undefined when the text is not JSON up to that place.
 */
export function jsonPointerOffset(text: string, pointer: string): number | undefined {
  const segments = pointer === '' ? [] : pointer.split('/').slice(1).map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  let position = 0;
  const skipSpace = () => {
    while (position < text.length && /\s/.test(text[position]!)) position++;
  };
  const readString = (): string | undefined => {
    const start = position;
    position++;
    while (position < text.length && text[position] !== '"') position += text[position] === '\\' ? 2 : 1;
    position++;
    try {
      return JSON.parse(text.slice(start, position)) as string;
    } catch {
      return undefined;
    }
  };
  // Skips one value of any kind; false when the text breaks off or is not JSON there.
  const skipValue = (): boolean => {
    skipSpace();
    const char = text[position];
    if (char === '"') return readString() !== undefined;
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      position++;
      skipSpace();
      if (text[position] === close) return (position++, true);
      for (;;) {
        skipSpace();
        if (char === '{') {
          if (text[position] !== '"' || readString() === undefined) return false;
          skipSpace();
          if (text[position++] !== ':') return false;
        }
        if (!skipValue()) return false;
        skipSpace();
        if (text[position] === ',') position++;
        else if (text[position] === close) return (position++, true);
        else return false;
      }
    }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(position, position + 400));
    if (!literal) return false;
    position += literal[0].length;
    return true;
  };
  skipSpace();
  for (const segment of segments) {
    const container = position;
    const char = text[position];
    if (char !== '{' && char !== '[') return container;
    position++;
    let index = 0;
    let found = false;
    for (;;) {
      skipSpace();
      if (text[position] === '}' || text[position] === ']' || position >= text.length) break;
      let matches: boolean;
      if (char === '{') {
        if (text[position] !== '"') return container;
        const key = readString();
        skipSpace();
        if (key === undefined || text[position++] !== ':') return container;
        matches = key === segment;
      } else matches = String(index) === segment;
      skipSpace();
      if (matches) {
        found = true;
        break;
      }
      if (!skipValue()) return container;
      skipSpace();
      if (text[position] === ',') position++;
      index++;
    }
    if (!found) return container;
  }
  return position <= text.length ? position : undefined;
}
