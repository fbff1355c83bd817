// Every icon the seeded menu names renders as itself in the console, not as the default icon (docs/spec.md §2). The
// console's icon set is read as text (libs/crud/src/menu-icon-set.ts): the server does not import the
// console, and the keys are what the two share.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueRows } from './seed-menus';

const iconSet = readFileSync(new URL('../../../../libs/crud/src/menu-icon-set.ts', import.meta.url), 'utf8');
const consoleIcons = new Set([...iconSet.matchAll(/^ {2}'?([a-z0-9-]+)'?: [A-Z]\w*,$/gm)].map((m) => m[1]!));

describe('seeded menu icons', () => {
  it('are all in the console icon set', () => {
    expect(consoleIcons.size).toBeGreaterThan(50);
    const menus = catalogueRows().filter((r) => r.category === 1 && r.source);
    const missing = menus.filter((r) => !consoleIcons.has(r.source!)).map((r) => `${r.code}: ${r.source}`);
    expect(missing).toEqual([]);
  });
});
