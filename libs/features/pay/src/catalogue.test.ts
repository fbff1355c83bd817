// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after the console's
// apps/console/src/i18n/missing-keys.test.ts). Keys built from a template are enumerated from the values it takes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feature } from './index';
import { GRANT_TYPES } from './grant/GrantDialog';
import { PAY_CHANNELS } from './PayPage';

type Tree = { [key: string]: string | Tree };

const keys = (node: string | Tree, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));

const zh = keys(feature.catalogue.zh as Tree);
const en = keys(feature.catalogue.en as Tree);

/** Each template key the sources build, with the values its placeholder takes. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  'pay.productName.${product}': ['power', 'member'],
  'pay.products.${p}': ['power', 'member'],
  'pay.channels.${c}': PAY_CHANNELS,
  'pay.grant.units.${type}': GRANT_TYPES.map(String),
};

function asked(): { literal: Set<string>; templates: Set<string> } {
  const literal = new Set<string>();
  const templates = new Set<string>();
  const dir = import.meta.dirname;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|test-utils/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const call of text.matchAll(/\bt\(\s*([^,)]*)/g))
      for (const q of (call[1] ?? '').matchAll(/'([a-z]\w*(?:\.\w+)+)'/gi)) literal.add(q[1]!);
    for (const tpl of text.matchAll(/\bt\(\s*`([^`]*)`/g)) templates.add(tpl[1]!);
    // keys kept in tables and handed to t() later
    for (const k of text.matchAll(/'(pay\.[\w.]+)'/g)) literal.add(k[1]!);
  }
  return { literal, templates };
}

describe('the pay catalogue', () => {
  const { literal, templates } = asked();

  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    expect(literal.size).toBeGreaterThan(10);
    expect([...templates].filter((tpl) => !(tpl in TEMPLATE_VALUES))).toEqual([]);
    const wanted = [
      ...literal,
      ...Object.entries(TEMPLATE_VALUES).flatMap(([tpl, values]) =>
        values.map((v) => tpl.replace(/\$\{[^}]+\}/, v)),
      ),
    ];
    expect(wanted.filter((key) => !zh.includes(key) || !en.includes(key))).toEqual([]);
  });
});
