import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { Db } from '../db/index';
import { authTicket } from '../db/schema';

/**
 * The captcha of the `captcha` grant (docs/platform-contract.md §2.2): a 130×48 PNG with 5 characters drawn from a small
 * bitmap font, with noise lines and dots. The answer lives in the database (hashed with its key, single use,
 * short expiry) so that every instance can check it.
 */

export const CAPTCHA_WIDTH = 130;
export const CAPTCHA_HEIGHT = 48;
export const CAPTCHA_LENGTH = 5;

/** How long an answer stays valid; `CAPTCHA_TTL_SECONDS` overrides (default 3 minutes). */
export function captchaTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number.parseInt(env.CAPTCHA_TTL_SECONDS ?? '', 10);
  return (Number.isFinite(s) && s > 0 ? s : 180) * 1000;
}

/* 5×7 glyphs. Characters easy to confuse (0/O, 1/I/L) are left out. */
const FONT: Record<string, string> = {
  A: '.###.#...##...#######...##...##...#',
  B: '####.#...##...#####.#...##...#####.',
  C: '.###.#...##....#....#....#...#.###.',
  D: '####.#...##...##...##...##...#####.',
  E: '######....#....####.#....#....#####',
  F: '######....#....####.#....#....#....',
  G: '.###.#...##....#.####...##...#.####',
  H: '#...##...##...#######...##...##...#',
  J: '..###...#....#....#....#.#..#..##..',
  K: '#...##..#.#.#..##...#.#..#..#.#...#',
  M: '#...###.###.#.##.#.##...##...##...#',
  N: '#...##...###..##.#.##..###...##...#',
  P: '####.#...##...#####.#....#....#....',
  Q: '.###.#...##...##...##.#.##..#..##.#',
  R: '####.#...##...#####.#.#..#..#.#...#',
  S: '.#####....#.....###.....#....#####.',
  T: '#####..#....#....#....#....#....#..',
  U: '#...##...##...##...##...##...#.###.',
  V: '#...##...##...##...##...#.#.#...#..',
  W: '#...##...##...##.#.##.#.##.#.#.#.#.',
  X: '#...##...#.#.#...#...#.#.#...##...#',
  Y: '#...##...#.#.#...#....#....#....#..',
  Z: '#####....#...#...#...#...#....#####',
  '2': '.###.#...#....#...#...#...#...#####',
  '3': '#####...#...#.....#.....##...#.###.',
  '4': '...#...##..#.#.#..#.#####...#....#.',
  '5': '######....####.....#....##...#.###.',
  '6': '..##..#...#....####.#...##...#.###.',
  '7': '#####....#...#...#...#....#....#...',
  '8': '.###.#...##...#.###.#...##...#.###.',
  '9': '.###.#...##...#.####....#...#..##..',
};
const CHARS = Object.keys(FONT);
const GW = 5;
const GH = 7;
const SCALE = 4;

type Rgb = [number, number, number];

const rnd = (min: number, max: number) => min + Math.random() * (max - min);

function randomText(): string {
  let s = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) s += CHARS[randomInt(CHARS.length)];
  return s;
}

/** Renders `text` (characters of the font) to a PNG. */
export function renderCaptcha(text: string): Buffer {
  const png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
  const data = png.data;
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= CAPTCHA_WIDTH || yi >= CAPTCHA_HEIGHT) return;
    const i = (yi * CAPTCHA_WIDTH + xi) * 4;
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = 255;
  };
  const bg: Rgb = [Math.round(rnd(235, 255)), Math.round(rnd(235, 255)), Math.round(rnd(235, 255))];
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) for (let x = 0; x < CAPTCHA_WIDTH; x++) set(x, y, bg);

  const light = (): Rgb => [Math.round(rnd(120, 210)), Math.round(rnd(120, 210)), Math.round(rnd(120, 210))];
  const dark = (): Rgb => [Math.round(rnd(10, 110)), Math.round(rnd(10, 110)), Math.round(rnd(10, 110))];

  // noise lines behind the text
  for (let n = 0; n < 4; n++) {
    const c = light();
    const x0 = rnd(0, CAPTCHA_WIDTH);
    const y0 = rnd(0, CAPTCHA_HEIGHT);
    const x1 = rnd(0, CAPTCHA_WIDTH);
    const y1 = rnd(0, CAPTCHA_HEIGHT);
    const steps = Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)));
    for (let t = 0; t <= steps; t++) set(x0 + ((x1 - x0) * t) / steps, y0 + ((y1 - y0) * t) / steps, c);
  }

  // the glyphs: scaled, sheared and jittered, one colour each
  const cellW = GW * SCALE + 4;
  const left = Math.floor((CAPTCHA_WIDTH - cellW * text.length + 4) / 2);
  [...text].forEach((ch, i) => {
    const bits = FONT[ch.toUpperCase()] ?? '';
    const c = dark();
    const shear = rnd(-0.25, 0.25);
    const ox = left + i * cellW + rnd(-1.5, 1.5);
    const oy = rnd(5, CAPTCHA_HEIGHT - GH * SCALE - 5);
    for (let gy = 0; gy < GH; gy++) {
      for (let gx = 0; gx < GW; gx++) {
        if (bits[gy * GW + gx] !== '#') continue;
        for (let py = 0; py < SCALE; py++) {
          for (let px = 0; px < SCALE; px++) {
            const y = gy * SCALE + py;
            set(ox + gx * SCALE + px + (y - (GH * SCALE) / 2) * shear, oy + y, c);
          }
        }
      }
    }
  });

  // noise dots and one line over the text
  for (let n = 0; n < 90; n++) set(rnd(0, CAPTCHA_WIDTH), rnd(0, CAPTCHA_HEIGHT), n % 2 ? light() : dark());
  const c = dark();
  const y0 = rnd(12, 36);
  const y1 = rnd(12, 36);
  for (let x = 0; x < CAPTCHA_WIDTH; x++) set(x, y0 + ((y1 - y0) * x) / CAPTCHA_WIDTH, c);

  return PNG.sync.write(png, { colorType: 2 });
}

const answerHash = (key: string, answer: string) =>
  createHash('sha256').update(`${key}:${answer.trim().toLowerCase()}`).digest('hex');

export class CaptchaStore {
  constructor(
    private readonly db: Db,
    private readonly ttlMs = captchaTtlMs(),
  ) {}

  /** A fresh captcha: its key and a data URL of the picture. The answer is stored hashed. */
  async create(): Promise<{ key: string; image: string; text: string }> {
    const key = randomUUID().replace(/-/g, '');
    const text = randomText();
    const now = Date.now();
    await this.db.insert(authTicket).values({
      key: `captcha:${key}`,
      kind: 'captcha',
      secret: answerHash(key, text),
      expiresAt: new Date(now + this.ttlMs),
    });
    // housekeeping: expired tickets can never match
    if (Math.random() < 0.05) await this.db.delete(authTicket).where(lt(authTicket.expiresAt, new Date(now)));
    return { key, text, image: `data:image/png;base64,${renderCaptcha(text).toString('base64')}` };
  }

  /** Consumes the captcha of `key` (whatever the answer: one try per picture); true when the answer matches. */
  async verify(key: string, answer: string): Promise<boolean> {
    if (!/^[0-9a-f]{32}$/.test(key) || !answer) return false;
    const [row] = await this.db
      .delete(authTicket)
      .where(eq(authTicket.key, `captcha:${key}`))
      .returning();
    if (!row || row.kind !== 'captcha' || row.expiresAt.getTime() < Date.now()) return false;
    const want = Buffer.from(row.secret, 'hex');
    const got = Buffer.from(answerHash(key, answer), 'hex');
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
