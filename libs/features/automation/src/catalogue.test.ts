// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after
// libs/features/pay/src/catalogue.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feature } from './index';

type Tree = { [key: string]: string | Tree };

const keys = (node: string | Tree, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));

const zh = keys(feature.catalogue.zh as Tree);
const en = keys(feature.catalogue.en as Tree);

function asked(): Set<string> {
  const literal = new Set<string>();
  const dir = import.meta.dirname;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|test-utils/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const k of text.matchAll(/'(automation\.[\w.]+)'/g)) literal.add(k[1]!);
  }
  return literal;
}

describe('the automation catalogue', () => {
  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    const wanted = [...asked()];
    expect(wanted.length).toBeGreaterThan(5);
    expect(wanted.filter((key) => !zh.includes(key) || !en.includes(key))).toEqual([]);
  });
});

describe('the keys the sources build', () => {
  it('include every cron preset and gap unit, in both languages', async () => {
    const { CRON_PRESETS } = await import('./cron/presets');
    const built = [
      ...CRON_PRESETS.map((p) => `automation.cron.presets.${p.key}`),
      ...['day', 'hour', 'minute', 'second'].map((u) => `automation.unit.${u}`),
    ];
    expect(built.filter((key) => !zh.includes(key) || !en.includes(key))).toEqual([]);
  });
});

describe('the run states', () => {
  it('have a label in both languages for every state of the contract', async () => {
    const { RunStatus } = await import('@smart/api-sdk');
    for (const status of Object.values(RunStatus)) {
      expect(zh, status).toContain(`automation.status.${status}`);
      expect(en, status).toContain(`automation.status.${status}`);
    }
  });
});
