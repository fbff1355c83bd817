import { beforeEach, describe, expect, it } from 'vitest';
import { COLOR_KEY, restoreAppearance, setColor, setTheme, THEME_KEY } from './appearance';

const html = document.documentElement;
const saved = (name: string) =>
  (JSON.parse(localStorage.getItem(`saber-${name}`) ?? 'null') as { content: unknown } | null)?.content;

beforeEach(() => {
  localStorage.clear();
  html.className = '';
  html.removeAttribute('style');
  html.removeAttribute('data-primary-color');
});

describe('theme and colour (docs/spec.md §2, §9)', () => {
  it('switches the theme class on <html> and keeps the name in local storage', () => {
    expect(setTheme('dark')).toBe('dark');
    expect(html.classList.contains('theme-dark')).toBe(true);
    expect(html.classList.contains('dark')).toBe(true);
    expect(saved(THEME_KEY)).toBe('dark');
    setTheme('smart'); // the spec's alias of bule
    expect(html.classList.contains('theme-bule')).toBe(true);
    expect(html.classList.contains('theme-dark')).toBe(false);
    expect(saved(THEME_KEY)).toBe('bule');
  });

  it('sets the primary colour and keeps it; clearing returns to the theme colour', () => {
    setColor('#F5222D');
    expect(saved(COLOR_KEY)).toBe('#F5222D');
    expect(html.getAttribute('data-primary-color')).toBe('#f5222d');
    expect(html.style.getPropertyValue('--primary')).not.toBe('');
    setColor(undefined);
    expect(saved(COLOR_KEY)).toBeUndefined();
    expect(html.hasAttribute('data-primary-color')).toBe(false);
  });

  it('restores both at start-up, and falls back to the default theme for unknown names', () => {
    localStorage.setItem(`saber-${THEME_KEY}`, JSON.stringify({ content: 'hey', datetime: 1 }));
    localStorage.setItem(`saber-${COLOR_KEY}`, JSON.stringify({ content: '#13c2c2', datetime: 1 }));
    expect(restoreAppearance()).toEqual({ theme: 'hey', color: '#13c2c2' });
    expect(html.classList.contains('theme-hey')).toBe(true);
    expect(html.getAttribute('data-primary-color')).toBe('#13c2c2');
    localStorage.setItem(`saber-${THEME_KEY}`, JSON.stringify({ content: 'nope', datetime: 1 }));
    localStorage.removeItem(`saber-${COLOR_KEY}`);
    expect(restoreAppearance()).toEqual({ theme: 'default', color: null });
    expect(html.classList.contains('theme-default')).toBe(true);
  });
});
