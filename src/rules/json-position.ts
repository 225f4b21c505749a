// Where a JSON text is malformed. JSON.parse in Node 20 names the offset only for some errors
// ("Unexpected token '}', ... is not valid JSON" has none), so a failed parse is re-scanned here.

/** Offset of the first syntax error in `text`, or -1 if it is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const expect = (c: string) => {
    space();
    if (text[i] !== c) fail();
    i++;
  };
  const literal = (word: string) => {
    if (!text.startsWith(word, i)) fail();
    i += word.length;
  };
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const string = () => {
    for (i++; ; ) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      i++;
      if (c === '"') return;
      if (c !== '\\') continue;
      if (text[i] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 5;
      else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i])) i++;
      else fail();
    }
  };
  const sequence = (close: string, item: () => void) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      item();
      space();
      if (text[i] === close) return void i++;
      expect(',');
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{')
      return sequence('}', () => {
        space();
        if (text[i] !== '"') fail();
        string();
        expect(':');
        value();
      });
    if (c === '[') return sequence(']', value);
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    number.lastIndex = i;
    if (!number.test(text)) fail();
    i = number.lastIndex;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return -1;
  } catch (at) {
    return at as number;
  }
}

/** 1-based line and column (UTF-16 code units, as in diagnostics) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, col: offset - lineStart + 1 };
}
