import { describe, expect, it } from 'vitest';
import { feature } from './index';
import { encodeQr, qrPath, type QrModules } from './QrCodeView';

const dark = ({ size, data }: QrModules, x: number, y: number) => data[y * size + x] === 1;

/** The 7×7 finder pattern with its top-left corner at (x, y): dark ring, light ring, dark 3×3 centre. */
function isFinder(m: QrModules, x: number, y: number): boolean {
  for (let dy = 0; dy < 7; dy++)
    for (let dx = 0; dx < 7; dx++) {
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      if (dark(m, x + dx, y + dy) !== (ring !== 2)) return false;
    }
  return true;
}

describe('QR codes of the pay page (the qrcode package)', () => {
  it.each([
    'weixin://wxpay/bizpayurl?pr=tGAKd8Tzz',
    'https://qr.alipay.com/bax08431pmvhqkbawzvq0069',
    '算力包 1000',
    `https://qr.alipay.com/${'x'.repeat(180)}`,
  ])('encodes %s as a symbol with its three finder patterns', (text) => {
    const m = encodeQr(text);
    expect((m.size - 17) % 4).toBe(0);
    expect(m.data).toHaveLength(m.size * m.size);
    expect(isFinder(m, 0, 0)).toBe(true);
    expect(isFinder(m, m.size - 7, 0)).toBe(true);
    expect(isFinder(m, 0, m.size - 7)).toBe(true);
    expect(dark(m, 8, m.size - 8)).toBe(true); // the dark module
  });

  it('grows with the content and is stable for the same content', () => {
    expect(encodeQr('a').size).toBe(21);
    expect(encodeQr(`https://qr.alipay.com/${'x'.repeat(180)}`).size).toBeGreaterThan(21);
    expect(qrPath(encodeQr('weixin://a'))).toBe(qrPath(encodeQr('weixin://a')));
  });

  it('draws the dark modules as an SVG path inside the quiet zone', () => {
    const m = encodeQr('a');
    const path = qrPath(m);
    expect(path).toMatch(/^M4,4h1v1h-1z/);
    expect(path.match(/M/g)).toHaveLength(Array.from(m.data).filter((v) => v === 1).length);
  });
});

describe('the pay feature', () => {
  it('serves /pay/pay (one lazily loaded chunk) with its tab label and its catalogue', async () => {
    expect(Object.keys(feature.routes)).toEqual(['/pay/pay']);
    expect(feature.routeLabels['/pay/pay']).toBe('pay.title');
    expect(typeof (await feature.routes['/pay/pay']()).default).toBe('function');
    expect(Object.keys(feature.catalogue.zh)).toEqual(['pay']);
  }, 20_000);
});
