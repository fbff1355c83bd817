// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after the console's
// apps/console/src/i18n/missing-keys.test.ts). Keys built from a template are enumerated from the values it takes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceDef } from '@smart/crud';
import { catalogueT, textGaps } from '@smart/crud/testing';
import { describe, expect, it } from 'vitest';
import enCatalogue from './i18n/en';
import zhCatalogue from './i18n/zh';
import { feature } from './index';
import { doneResource, sendResource, startResource, taskResource } from './work/work.resource';

type Tree = { [key: string]: string | Tree };

const keys = (node: string | Tree, prefix = ''): string[] =>
  typeof node === 'string'
    ? [prefix]
    : Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));

const zh = keys(feature.catalogue.zh as Tree);
const en = keys(feature.catalogue.en as Tree);

/** Each template key the sources build, with the values its placeholder takes. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  // LeaveForm.tsx: the two time fields
  'leave.${name}': ['startTime', 'endTime'],
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
    for (const k of text.matchAll(/'((?:leave|work)\.[\w.]+)'/g)) literal.add(k[1]!);
  }
  return { literal, templates };
}

describe('the flow catalogue', () => {
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

// Every placeholder of the work lists' search bars is one key of its own in both languages, never a label the kit
// wraps in 请输入… / 请选择… at run time (libs/crud crud-field.tsx).
describe('the placeholders of the work lists', () => {
  const zhT = catalogueT(zhCatalogue);
  const enT = catalogueT(enCatalogue);
  const t = (key: string) => key;
  const resources = {
    start: startResource(t),
    claim: taskResource('work_claim'),
    todo: taskResource('work_todo'),
    send: sendResource(t),
    done: doneResource(t),
  } as unknown as Record<string, ResourceDef<never, never>>;

  it.each(Object.keys(resources))(
    '%s: every placeholder and required message is its own key, in zh and en',
    (name) => {
      expect(textGaps(resources[name]!, zhT, enT)).toEqual([]);
    },
  );

  it('words the category as a choice and the process name as typing', () => {
    const placeholder = (prop: string) =>
      resources['todo']!.columns.find((c) => c.prop === prop)!.placeholder!;
    expect(zhT(placeholder('category'))).toBe('请选择流程分类');
    expect(enT(placeholder('category'))).toBe('Select category');
    expect(zhT(placeholder('processDefinitionName'))).toBe('请输入流程名称');
    expect(enT(placeholder('processDefinitionName'))).toBe('Enter process name');
  });
});
