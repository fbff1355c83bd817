/** Pure colour helpers (sRGB hex) used by the theme runtime and its contrast tests. */

export type Rgb = readonly [number, number, number];

/** Parses `#rgb` or `#rrggbb` (case-insensitive). Throws on anything else. */
export function parseHex(hex: string): Rgb {
  const value = hex.trim().replace(/^#/, '');
  const full =
    value.length === 3
      ? value
          .split('')
          .map((c) => c + c)
          .join('')
      : value;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  const at = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [at(0), at(2), at(4)];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** True for `#rgb` / `#rrggbb`. */
export function isHexColor(value: string): boolean {
  return /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance (0 = black, 1 = white). */
export function relativeLuminance(color: string | Rgb): number {
  const [r, g, b] = typeof color === 'string' ? parseHex(color) : color;
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.x contrast ratio between two colours, from 1 to 21. Symmetric. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `color` towards `target`; amount 0 = color, 1 = target. */
export function mix(color: string, target: string, amount: number): string {
  const [r1, g1, b1] = parseHex(color);
  const [r2, g2, b2] = parseHex(target);
  return toHex([r1 + (r2 - r1) * amount, g1 + (g2 - g1) * amount, b1 + (b2 - b1) * amount]);
}

/**
 * Moves `color` towards black (on a light background) or white (on a dark one) in small steps until its
 * contrast against `background` reaches `min`. Returns the first colour that does.
 */
export function ensureContrast(color: string, background: string, min: number): string {
  const target = relativeLuminance(background) > 0.18 ? '#000000' : '#ffffff';
  for (let step = 0; step <= 50; step += 1) {
    const candidate = mix(color, target, step / 50);
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return target;
}

/** The most readable text colour on `background`: white, a dark shade of the background's hue, or black. */
export function readableForeground(background: string, min = 4.5): string {
  if (contrastRatio('#ffffff', background) >= min) return '#ffffff';
  const darkShade = mix(background, '#000000', 0.85);
  if (contrastRatio(darkShade, background) >= min) return darkShade;
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}
