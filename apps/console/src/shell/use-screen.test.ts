import { describe, expect, it } from 'vitest';
import { collapseForScreen, isSmallScreen, screenLevel } from './use-screen';

describe('screen levels (docs/spec.md §9)', () => {
  it('3 at ≥1200, 2 at ≥992, 1 at ≥768, else 0', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenLevel)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it('levels 0 and 1 are small screens', () => {
    expect([0, 1, 2, 3].map(isSmallScreen)).toEqual([true, true, false, false]);
  });

  it('collapses when the screen becomes small and opens when it grows out of it', () => {
    expect(collapseForScreen(3, 1, false)).toBe(true);
    expect(collapseForScreen(2, 0, false)).toBe(true);
    expect(collapseForScreen(1, 2, true)).toBe(false);
    expect(collapseForScreen(0, 3, true)).toBe(false);
  });

  it("keeps the user's choice while the screen stays on the same side", () => {
    expect(collapseForScreen(3, 2, true)).toBe(true);
    expect(collapseForScreen(3, 2, false)).toBe(false);
    expect(collapseForScreen(0, 1, false)).toBe(false);
  });
});
