import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect } from 'storybook/test';

import { Badge } from '../components/badge';
import { Button } from '../components/button';
import { contrastRatio, isHexColor } from './color';
import { applyTheme, getTheme } from './runtime';
import { THEMES } from './themes';

const PAIRS: [string, string][] = [
  ['--foreground', '--background'],
  ['--primary-foreground', '--primary'],
  ['--primary-text', '--background'],
  ['--accent-foreground', '--accent'],
  ['--muted-foreground', '--background'],
  ['--sidebar-foreground', '--sidebar'],
  ['--sidebar-accent-foreground', '--sidebar-accent'],
  ['--sidebar-primary-foreground', '--sidebar-primary'],
];

function read(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** The live tokens of the theme picked in the toolbar, with their contrast ratios. */
function ThemeTokens() {
  const [, force] = React.useReducer((n: number) => n + 1, 0);
  React.useEffect(() => {
    const observer = new MutationObserver(force);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);
  const theme = THEMES.find((t) => t.name === getTheme());
  return (
    <div className="grid max-w-3xl gap-4">
      <p className="text-sm text-muted-foreground">
        Theme: <strong className="text-foreground">{theme?.label.zh}</strong> ({theme?.label.en})
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary">主要按钮</Button>
        <Button variant="outline">次要按钮</Button>
        <Button variant="link">链接</Button>
        <Badge count={120} max={99} variant="destructive" />
      </div>
      <div className="flex w-60 flex-col gap-1 rounded-md bg-sidebar p-2 text-sm text-sidebar-foreground">
        <span className="px-2 py-1">系统管理</span>
        <span className="rounded-sm bg-sidebar-accent px-2 py-1 text-sidebar-accent-foreground">
          用户管理
        </span>
        <span className="rounded-sm bg-sidebar-primary px-2 py-1 text-sidebar-primary-foreground">
          部门管理
        </span>
      </div>
      <table className="text-left text-sm">
        <caption className="sr-only">Token contrast</caption>
        <thead>
          <tr>
            <th className="pr-4">Text</th>
            <th className="pr-4">Background</th>
            <th>Ratio</th>
          </tr>
        </thead>
        <tbody>
          {PAIRS.map(([fg, bg]) => {
            const a = read(fg);
            const b = read(bg);
            const ratio = isHexColor(a) && isHexColor(b) ? contrastRatio(a, b).toFixed(2) : '—';
            return (
              <tr key={fg + bg} data-testid="pair">
                <td className="pr-4 font-mono">{fg}</td>
                <td className="pr-4 font-mono">{bg}</td>
                <td>
                  <span
                    className="rounded px-2 py-0.5"
                    style={{ color: `var(${fg})`, background: `var(${bg})` }}
                  >
                    {ratio}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const meta = {
  title: 'Theme/Tokens',
  component: ThemeTokens,
} satisfies Meta<typeof ThemeTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Current: Story = {};

/** Every theme in turn: each pair of the table meets 4.5:1 in a real browser. */
export const AllThemesMeetAA: Story = {
  play: async ({ canvas }) => {
    try {
      for (const theme of THEMES) {
        applyTheme(theme.name);
        for (const [fg, bg] of PAIRS) {
          const ratio = contrastRatio(read(fg), read(bg));
          await expect(ratio, `${theme.name}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    } finally {
      applyTheme('default');
    }
    await expect(canvas.getAllByTestId('pair')).toHaveLength(PAIRS.length);
  },
};
