import { describe, expect, it } from 'vitest';
import {
  alignmentPositions,
  dataCodewords,
  dataPositions,
  encodeQr,
  formatBits,
  gfMultiply,
  maskBit,
  qrPath,
  rawDataModules,
  type QrMatrix,
} from './qr';

// An independent reader: format bits, unmasking, de-interleaving, Reed–Solomon syndromes and the byte segment.
const ECC_M = [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26];
const BLOCKS_M = [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16];

function readFormat(m: QrMatrix): number {
  let bits = 0;
  const at = (x: number, y: number) => (m.modules[y]![x] ? 1 : 0);
  const first = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ] as const;
  first.forEach(([x, y], i) => (bits |= at(x, y) << i));
  return bits;
}

function functionMask(m: QrMatrix): boolean[][] {
  // Rebuild which modules are function modules from the structure of the symbol.
  const { size, version } = m;
  const f = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < size && y < size) f[y]![x] = true;
  };
  for (let i = 0; i < size; i++) {
    mark(6, i);
    mark(i, 6);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const)
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) mark(cx + dx, cy + dy);
  const a = alignmentPositions(version);
  a.forEach((x, i) =>
    a.forEach((y, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === a.length - 1) || (i === a.length - 1 && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(x + dx, y + dy);
    }),
  );
  for (let i = 0; i < 9; i++) {
    mark(8, i);
    mark(i, 8);
  }
  for (let i = 0; i < 8; i++) {
    mark(size - 1 - i, 8);
    mark(8, size - 1 - i);
  }
  if (version >= 7)
    for (let i = 0; i < 18; i++) {
      mark(size - 11 + (i % 3), Math.floor(i / 3));
      mark(Math.floor(i / 3), size - 11 + (i % 3));
    }
  return f;
}

function decode(m: QrMatrix): { text: string; syndromesZero: boolean } {
  const positions = dataPositions(functionMask(m));
  expect(positions).toHaveLength(rawDataModules(m.version));
  const bits = positions.map(([x, y]) => m.modules[y]![x]! !== maskBit(m.mask, x, y));
  const raw: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    raw.push(bits.slice(i, i + 8).reduce((b, v) => (b << 1) | (v ? 1 : 0), 0));
  const numBlocks = BLOCKS_M[m.version]!;
  const ecc = ECC_M[m.version]!;
  const shortLen = Math.floor(raw.length / numBlocks);
  const numShort = numBlocks - (raw.length % numBlocks);
  const blocks: number[][] = Array.from({ length: numBlocks }, () => []);
  let k = 0;
  for (let i = 0; i < shortLen + 1; i++)
    for (let j = 0; j < numBlocks; j++) {
      if (i === shortLen - ecc && j < numShort) continue;
      if (k < raw.length) blocks[j]!.push(raw[k++]!);
    }
  let syndromesZero = true;
  const data: number[] = [];
  for (const block of blocks) {
    let root = 1;
    for (let s = 0; s < ecc; s++) {
      const value = block.reduce((acc, b) => gfMultiply(acc, root) ^ b, 0);
      if (value !== 0) syndromesZero = false;
      root = gfMultiply(root, 2);
    }
    data.push(...block.slice(0, block.length - ecc));
  }
  const stream = data.flatMap((b) => Array.from({ length: 8 }, (_, i) => (b >>> (7 - i)) & 1));
  const read = (at: number, n: number) => stream.slice(at, at + n).reduce((v, b) => (v << 1) | b, 0);
  expect(read(0, 4)).toBe(0b0100);
  const countBits = m.version <= 9 ? 8 : 16;
  const count = read(4, countBits);
  const bytes = Uint8Array.from({ length: count }, (_, i) => read(4 + countBits + i * 8, 8));
  return { text: new TextDecoder().decode(bytes), syndromesZero };
}

describe('QR encoder', () => {
  it('knows the capacities of level M', () => {
    expect(dataCodewords(1)).toBe(16);
    expect(dataCodewords(2)).toBe(28);
    expect(dataCodewords(10)).toBe(216);
    expect(rawDataModules(1)).toBe(208);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
  });

  it('writes valid format bits (level M, the chosen mask)', () => {
    const m = encodeQr('weixin://wxpay/bizpayurl?pr=tGAKd8Tzz');
    expect(readFormat(m)).toBe(formatBits(m.mask));
    expect(m.size).toBe(m.version * 4 + 17);
    // Finder pattern corners and the dark module.
    expect(m.modules[0]![0]).toBe(true);
    expect(m.modules[1]![1]).toBe(false);
    expect(m.modules[3]![3]).toBe(true);
    expect(m.modules[m.size - 8]![8]).toBe(true);
  });

  it.each([
    'weixin://wxpay/bizpayurl?pr=tGAKd8Tzz',
    'https://qr.alipay.com/bax08431pmvhqkbawzvq0069',
    '算力包 1000',
    `https://qr.alipay.com/${'x'.repeat(180)}`,
  ])('round-trips %s with consistent error correction', (text) => {
    const m = encodeQr(text);
    const { text: back, syndromesZero } = decode(m);
    expect(back).toBe(text);
    expect(syndromesZero).toBe(true);
  });

  it('draws the dark modules as an SVG path inside the quiet zone', () => {
    const m = encodeQr('a');
    expect(m.version).toBe(1);
    expect(qrPath(m)).toMatch(/^M4,4h1v1h-1z/);
  });
});
