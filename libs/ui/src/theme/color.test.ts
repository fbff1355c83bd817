import { describe, expect, it } from 'vitest';

import { contrastRatio, ensureContrast, mix, parseHex, readableForeground } from './color';
import { derivePrimaryPalette } from './palette';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#409EFF', '#fff')).toBeCloseTo(2.78, 2);
    // Symmetric.
    expect(contrastRatio('#ffffff', '#409eff')).toBe(contrastRatio('#409eff', '#ffffff'));
  });

  it('parses short and long hex and rejects the rest', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('409eff')).toEqual([64, 158, 255]);
    expect(() => parseHex('red')).toThrow();
  });

  it('mixes and adjusts colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    const adjusted = ensureContrast('#409eff', '#ffffff', 4.5);
    expect(contrastRatio(adjusted, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ensureContrast('#1e3a8a', '#141414', 4.5), '#141414')).toBeGreaterThanOrEqual(4.5);
  });

  it('chooses white, a dark shade or black as the foreground', () => {
    expect(readableForeground('#1f2329')).toBe('#ffffff');
    expect(readableForeground('#409eff')).not.toBe('#ffffff');
    expect(contrastRatio(readableForeground('#f7ba2a'), '#f7ba2a')).toBeGreaterThanOrEqual(4.5);
  });

  it('derives a light primary (#f7ba2a) into an AA palette', () => {
    const p = derivePrimaryPalette('#F7BA2A', { background: '#ffffff', sidebar: '#20222a' });
    expect(p['--primary']).toBe('#f7ba2a');
    expect(contrastRatio(p['--primary-foreground'], p['--primary'])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--primary-text'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--accent-foreground'], p['--accent'])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(p['--ring'], '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});
