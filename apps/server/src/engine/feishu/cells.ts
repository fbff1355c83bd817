/**
 * What Feishu's sheets and bitables hold, as text: A1 column letters, ranges (`<sheetId>!A1:K5000`), and the text of
 * a cell or a record field. A cell read with `valueRenderOption=ToString` is a string, but an empty one is null and
 * other render options give numbers or rich-text segments; a bitable text field is an array of segments
 * (`[{type:"text", text}]`), a number field a number, a multi-select an array of strings. Shared by the client's
 * callers and the simulated Feishu (src/sandbox/feishu), so both read ranges alike.
 */

/** `A` → 1, `Z` → 26, `AA` → 27; 0 when not letters. */
export function columnIndex(letters: string): number {
  if (!/^[A-Z]{1,3}$/.test(letters)) return 0;
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}

/** 1 → `A`, 27 → `AA`. */
export function columnLetters(index: number): string {
  let n = index;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A parsed range: 1-based, inclusive; an open end is undefined (`A:C`, `A1:A`). */
export interface SheetRange {
  sheetId: string;
  startCol: number;
  startRow: number;
  endCol: number | undefined;
  endRow: number | undefined;
}

const RANGE = /^([0-9A-Za-z_-]{1,64})(?:!([A-Z]{1,3})(\d{0,7})(?::([A-Z]{1,3})(\d{0,7}))?)?$/;

/** `sheetId`, `sheetId!A1:C5000`, `sheetId!A:C`, `sheetId!B2`; undefined when it is not one. */
export function parseRange(range: string): SheetRange | undefined {
  const m = RANGE.exec(range);
  if (!m) return undefined;
  const [, sheetId, c1, r1, c2, r2] = m;
  const startCol = c1 ? columnIndex(c1) : 1;
  const startRow = r1 ? Number(r1) : 1;
  const endCol = c2 ? columnIndex(c2) : c1 ? startCol : undefined;
  const endRow = r2 ? Number(r2) : c2 ? undefined : r1 ? startRow : undefined;
  if (startRow < 1 || (endRow !== undefined && endRow < startRow)) return undefined;
  if (endCol !== undefined && endCol < startCol) return undefined;
  return { sheetId: sheetId!, startCol, startRow, endCol, endRow };
}

/** The text of a cell or field value: strings as they are, numbers and booleans printed, segments joined. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    // rich-text segments join without a separator; a multi-select's options with a comma
    const segments = v.every((x) => x && typeof x === 'object');
    return v.map(cellText).join(segments ? '' : ',');
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
    if (typeof o.name === 'string') return o.name;
    if (typeof o.link === 'string') return o.link;
  }
  return '';
}
