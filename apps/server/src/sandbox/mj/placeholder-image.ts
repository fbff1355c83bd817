/**
 * The sandbox's drawings (docs/automation-domain.md §3.9, "Fake": "SUCCESS with a placeholder image URL"): real PNGs,
 * so that whatever downloads, stores or shows a Midjourney result (OSS upload, the console, the robot that saves
 * images) handles an actual image of the real sizes. A drawing is a little landscape — sky gradient, sun, hills —
 * whose colours come from a seed (the task id and prompt), so the same task always gives the same bytes.
 *
 * An imagine, variation or reroll gives a 1024×1024 grid of four distinct 512×512 tiles, numbered 1–4 left to
 * right, top to bottom as Midjourney does; an upscale gives the one tile it picked, so U2 of a grid is its
 * top-right tile.
 */
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';

export const TILE_SIZE = 512;
export const GRID_SIZE = TILE_SIZE * 2;

/** What to draw: the four tiles of a seed, or one of them. */
export type PlaceholderSpec = { seed: string; tile?: undefined } | { seed: string; tile: 1 | 2 | 3 | 4 };

type Rgb = readonly [number, number, number];

/** hsl → rgb, h in degrees, s and l 0–1. */
function hsl(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

interface TileLook {
  skyTop: Rgb;
  skyBottom: Rgb;
  sun: Rgb;
  hill: Rgb;
  sunX: number;
  sunY: number;
  sunR: number;
  hillBase: number;
  hillAmp: number;
  hillFreq: number;
  hillPhase: number;
}

/**
 * The look of tile `tile` (1–4) of `seed`. The hues of a seed's four tiles are a quarter turn apart (plus a
 * little jitter under 30°), so the tiles of one grid always differ.
 */
function lookOf(seed: string, tile: number): TileLook {
  const base = createHash('sha256').update(seed).digest();
  const own = createHash('sha256').update(`${seed}\n${tile}`).digest();
  const byte = (i: number) => own[i % own.length] ?? 0;
  const hue = (((base[0] ?? 0) << 8) | (base[1] ?? 0)) % 360;
  const h = hue + (tile - 1) * 90 + (byte(0) % 30);
  return {
    skyTop: hsl(h, 0.6, 0.78),
    skyBottom: hsl(h + 30, 0.55, 0.5),
    sun: hsl(h + 180, 0.8, 0.65),
    hill: hsl(h + 60, 0.45, 0.25),
    sunX: 0.2 + (byte(1) / 255) * 0.6,
    sunY: 0.18 + (byte(2) / 255) * 0.3,
    sunR: 0.08 + (byte(3) / 255) * 0.1,
    hillBase: 0.62 + (byte(4) / 255) * 0.15,
    hillAmp: 0.04 + (byte(5) / 255) * 0.08,
    hillFreq: 1 + (byte(6) / 255) * 3,
    hillPhase: (byte(7) / 255) * Math.PI * 2,
  };
}

/** Paints one tile into `png` at (ox, oy). */
function paintTile(png: PNG, ox: number, oy: number, look: TileLook): void {
  const n = TILE_SIZE;
  for (let y = 0; y < n; y++) {
    const sky = mix(look.skyTop, look.skyBottom, y / (n - 1));
    for (let x = 0; x < n; x++) {
      const u = x / n;
      const v = y / n;
      const ridge = look.hillBase + look.hillAmp * Math.sin(u * look.hillFreq * Math.PI * 2 + look.hillPhase);
      let c: Rgb;
      if (v >= ridge) c = mix(look.hill, [0, 0, 0], Math.min(0.5, (v - ridge) * 1.2));
      else if ((u - look.sunX) ** 2 + (v - look.sunY) ** 2 <= look.sunR ** 2) c = look.sun;
      else c = sky;
      const i = ((oy + y) * png.width + ox + x) * 4;
      png.data[i] = c[0];
      png.data[i + 1] = c[1];
      png.data[i + 2] = c[2];
      png.data[i + 3] = 255;
    }
  }
}

/** The PNG of a spec, drawn afresh. */
export function renderPlaceholder(spec: PlaceholderSpec): Buffer {
  const size = spec.tile === undefined ? GRID_SIZE : TILE_SIZE;
  const png = new PNG({ width: size, height: size });
  if (spec.tile !== undefined) paintTile(png, 0, 0, lookOf(spec.seed, spec.tile));
  else
    for (let t = 1; t <= 4; t++)
      paintTile(png, ((t - 1) % 2) * TILE_SIZE, Math.floor((t - 1) / 2) * TILE_SIZE, lookOf(spec.seed, t));
  // RGB without alpha: the drawing is opaque, and the file a quarter smaller
  return PNG.sync.write(png, { colorType: 2 });
}

/** Drawing a grid takes a noticeable moment: the last few drawings are kept. */
const MAX_CACHED = 32;

export class PlaceholderCache {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly max = MAX_CACHED) {}

  get(spec: PlaceholderSpec): Buffer {
    const key = `${spec.tile ?? 'grid'}\n${spec.seed}`;
    const hit = this.cache.get(key);
    if (hit) {
      // most recently used last, so the oldest is the first to go
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const png = renderPlaceholder(spec);
    this.cache.set(key, png);
    while (this.cache.size > this.max) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return png;
  }

  get size(): number {
    return this.cache.size;
  }
}
