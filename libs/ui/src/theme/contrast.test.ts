import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { contrastRatio, isHexColor } from './color';
import { AA_TEXT, AA_UI, derivePrimaryPalette } from './palette';
import { PRIMARY_PRESETS, THEME_NAMES, type ThemeName } from './themes';

// --- A tiny cascade over the kit's own token files (class selectors on <html> only). ---------------------

type Rule = { selectors: string[][]; specificity: number[]; decls: Record<string, string>; order: number };

function parseRules(css: string, offset: number): Rule[] {
  const rules: Rule[] = [];
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@custom-variant[^;]*;/g, '');
  for (const match of clean.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectorText = match[1]!.trim();
    if (selectorText.startsWith('@')) continue; // @theme inline maps, not tokens
    const decls: Record<string, string> = {};
    for (const part of match[2]!.split(';')) {
      const [k, ...v] = part.split(':');
      if (k?.trim().startsWith('--')) decls[k.trim()] = v.join(':').trim();
    }
    const selectors = selectorText.split(',').map((s) =>
      s
        .trim()
        .split(/(?=[.:])/)
        .filter(Boolean),
    );
    rules.push({
      selectors,
      specificity: selectors.map((s) => s.length),
      decls,
      order: offset + rules.length,
    });
  }
  return rules;
}

const stylesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'styles');
const read = (file: string) => readFileSync(join(stylesDir, file), 'utf8');
const RULES = [
  ...parseRules(read('theme.css'), 0),
  ...parseRules(read('themes-default.css'), 1000),
  ...parseRules(read('themes.css'), 2000),
];

/** The tokens <html> gets with these classes. */
function tokensFor(classes: string[]): Record<string, string> {
  const best: Record<string, { value: string; spec: number; order: number }> = {};
  for (const rule of RULES) {
    let spec = -1;
    rule.selectors.forEach((parts, i) => {
      const ok = parts.every((p) => p === ':root' || (p.startsWith('.') && classes.includes(p.slice(1))));
      if (ok) spec = Math.max(spec, rule.specificity[i]!);
    });
    if (spec < 0) continue;
    for (const [k, value] of Object.entries(rule.decls)) {
      const prev = best[k];
      if (!prev || spec > prev.spec || (spec === prev.spec && rule.order > prev.order))
        best[k] = { value, spec, order: rule.order };
    }
  }
  return Object.fromEntries(Object.entries(best).map(([k, v]) => [k, v.value]));
}

type Mode = 'light' | 'dark';
const classesFor = (theme: ThemeName, mode: Mode) =>
  theme === 'dark' || mode === 'dark' ? [`theme-${theme}`, 'dark'] : [`theme-${theme}`];

/**
 * Every text/background pair the components draw. 4.5:1 (normal text) applies to all text pairs, even
 * where the text is sometimes large; 3:1 (WCAG 1.4.11 non-text contrast) applies only to the focus rings.
 * Not checked: --border / --input (decorative separators; fields are identified by their labels), and
 * --overlay (a scrim, not a text background).
 */
const TEXT_PAIRS: [string, string][] = [
  ['--foreground', '--background'],
  ['--card-foreground', '--card'],
  ['--popover-foreground', '--popover'],
  ['--primary-foreground', '--primary'],
  ['--primary-text', '--background'],
  ['--primary-text', '--card'],
  // a hovered row's links (the row and its pinned action cell turn --muted under the pointer)
  ['--primary-text', '--muted'],
  ['--secondary-foreground', '--secondary'],
  ['--muted-foreground', '--muted'],
  ['--muted-foreground', '--background'],
  ['--accent-foreground', '--accent'],
  ['--destructive-foreground', '--destructive'],
  ['--destructive', '--background'],
  // Toasts draw status text on the popover surface.
  ['--destructive', '--popover'],
  ['--success', '--popover'],
  ['--warning', '--popover'],
  ['--primary-text', '--popover'],
  ['--success-foreground', '--success'],
  ['--warning-foreground', '--warning'],
  ['--sidebar-foreground', '--sidebar'],
  ['--sidebar-accent-foreground', '--sidebar-accent'],
  ['--sidebar-primary-foreground', '--sidebar-primary'],
];
const UI_PAIRS: [string, string][] = [
  ['--ring', '--background'],
  ['--sidebar-ring', '--sidebar'],
];

function check(tokens: Record<string, string>) {
  const results: { pair: string; ratio: number; min: number }[] = [];
  for (const [pairs, min] of [
    [TEXT_PAIRS, AA_TEXT],
    [UI_PAIRS, AA_UI],
  ] as const) {
    for (const [fg, bg] of pairs) {
      const a = tokens[fg];
      const b = tokens[bg];
      expect(a && isHexColor(a), `${fg} is a hex colour (${a})`).toBe(true);
      expect(b && isHexColor(b), `${bg} is a hex colour (${b})`).toBe(true);
      results.push({ pair: `${fg} on ${bg}`, ratio: contrastRatio(a!, b!), min });
    }
  }
  return results;
}

const lowest: Record<string, string> = {};

describe('theme tokens meet WCAG AA', () => {
  for (const theme of THEME_NAMES) {
    for (const mode of ['light', 'dark'] as const) {
      it(`${theme} (${mode})`, () => {
        const results = check(tokensFor(classesFor(theme, mode)));
        const failures = results.filter((r) => r.ratio < r.min);
        expect(failures.map((f) => `${f.pair}: ${f.ratio.toFixed(2)} < ${f.min}`)).toEqual([]);
        const low = results.reduce((a, b) => (b.ratio / b.min < a.ratio / a.min ? b : a));
        lowest[`${theme}/${mode}`] = `${low.ratio.toFixed(2)} (${low.pair}, min ${low.min})`;
      });
    }
  }

  it('with no theme class the default theme applies', () => {
    expect(tokensFor([])).toEqual(tokensFor(['theme-default']));
    expect(tokensFor(['dark'])).toEqual(tokensFor(['theme-default', 'dark']));
    expect(tokensFor([])['--primary']).toBe('#409eff');
  });

  it('each built-in palette is what setPrimaryColor derives from its primary', () => {
    for (const theme of THEME_NAMES) {
      for (const mode of ['light', 'dark'] as const) {
        const tokens = tokensFor(classesFor(theme, mode));
        const derived = derivePrimaryPalette(tokens['--primary']!, {
          background: tokens['--background']!,
          sidebar: tokens['--sidebar']!,
          card: tokens['--card']!,
          muted: tokens['--muted']!,
        });
        for (const [k, v] of Object.entries(derived)) expect(tokens[k], `${theme}/${mode} ${k}`).toBe(v);
      }
    }
  });

  const customPrimaries = [
    ...PRIMARY_PRESETS,
    '#f7ba2a',
    '#ffeb3b',
    '#ffffff',
    '#000000',
    '#7fff00',
    '#ff00ff',
  ];
  it.each(customPrimaries)('derived palette from %s passes on every theme and mode', (primary) => {
    for (const theme of THEME_NAMES) {
      for (const mode of ['light', 'dark'] as const) {
        const tokens = tokensFor(classesFor(theme, mode));
        const palette = derivePrimaryPalette(primary, {
          background: tokens['--background']!,
          sidebar: tokens['--sidebar']!,
          card: tokens['--card']!,
          muted: tokens['--muted']!,
        });
        const results = check({ ...tokens, ...palette });
        const failures = results.filter((r) => r.ratio < r.min);
        expect(failures.map((f) => `${theme}/${mode} ${f.pair}: ${f.ratio.toFixed(2)}`)).toEqual([]);
      }
    }
  });

  it('reports the lowest ratio per theme', () => {
    // Printed for the record (relative to each pair's minimum).
    console.info(
      Object.entries(lowest)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n'),
    );
    expect(Object.keys(lowest)).toHaveLength(THEME_NAMES.length * 2);
  });
});
