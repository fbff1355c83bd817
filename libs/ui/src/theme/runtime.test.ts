import { afterEach, describe, expect, it } from 'vitest';

import { contrastRatio } from './color';
import {
  applyTheme,
  getPrimaryColor,
  getTheme,
  resetPrimaryColor,
  setDarkMode,
  setPrimaryColor,
} from './runtime';
import { resolveThemeName, THEMES, THEME_NAMES } from './themes';

const html = document.documentElement;

afterEach(() => {
  html.className = '';
  html.removeAttribute('style');
  html.removeAttribute('data-primary-color');
  html.removeAttribute('data-theme-dark');
});

describe('theme runtime', () => {
  it('lists every theme of the spec with zh and en labels', () => {
    expect(THEMES.map((t) => t.name)).toEqual([...THEME_NAMES]);
    expect(THEME_NAMES).toEqual([
      'default',
      'white',
      'dark',
      'star',
      'bule',
      'iview',
      'vip',
      'cool',
      'd2',
      'hey',
      'lte',
    ]);
    for (const t of THEMES) expect(t.label.zh && t.label.en).toBeTruthy();
  });

  it('resolves aliases and stored names', () => {
    expect(resolveThemeName('smart')).toBe('bule');
    expect(resolveThemeName('theme-hey')).toBe('hey');
    expect(resolveThemeName('unknown')).toBe('default');
    expect(resolveThemeName(undefined)).toBe('default');
  });

  it('switches one theme class on <html> and keeps other classes', () => {
    html.classList.add('keep');
    applyTheme('star');
    expect(html.className).toBe('keep theme-star');
    expect(applyTheme('smart')).toBe('bule');
    expect(html.classList.contains('theme-star')).toBe(false);
    expect(getTheme()).toBe('bule');
  });

  it('the dark theme turns dark mode on, and off again only if it turned it on', () => {
    applyTheme('dark');
    expect(html.classList.contains('dark')).toBe(true);
    applyTheme('white');
    expect(html.classList.contains('dark')).toBe(false);
    setDarkMode(true);
    applyTheme('dark');
    applyTheme('hey');
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('setPrimaryColor derives the palette inline and survives theme switches', () => {
    const palette = setPrimaryColor('#f7ba2a', { surfaces: { background: '#ffffff', sidebar: '#20222a' } });
    expect(html.style.getPropertyValue('--primary')).toBe('#f7ba2a');
    expect(html.style.getPropertyValue('--primary-text')).toBe(palette['--primary-text']);
    expect(contrastRatio(palette['--primary-text'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(getPrimaryColor()).toBe('#f7ba2a');
    setDarkMode(true);
    // Re-derived for the dark page (jsdom has no stylesheet, so the kit's dark defaults apply).
    expect(contrastRatio(html.style.getPropertyValue('--primary-text'), '#141414')).toBeGreaterThanOrEqual(
      4.5,
    );
    applyTheme('lte');
    expect(html.style.getPropertyValue('--primary')).toBe('#f7ba2a');
    resetPrimaryColor();
    expect(html.style.getPropertyValue('--primary')).toBe('');
    expect(getPrimaryColor()).toBeNull();
    expect(() => setPrimaryColor('blue')).toThrow();
  });
});
