// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after the console's
// apps/console/src/i18n/missing-keys.test.ts). Keys built from a template are enumerated from the values it takes.
import type { ResourceDef } from '@smart/crud';
import { catalogueT, textGaps } from '@smart/crud/testing';
import { catalogueCoverage } from '@smart/crud/testing/jsdom';
import { describe, expect, it } from 'vitest';
import enCatalogue from './i18n/en';
import zhCatalogue from './i18n/zh';
import { feature } from './index';
import { doneResource, sendResource, startResource, taskResource } from './work/work.resource';

/** Each template key the sources build, with the values its placeholder takes. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  // LeaveForm.tsx: the two time fields
  'leave.${name}': ['startTime', 'endTime'],
};

const coverage = catalogueCoverage(feature.catalogue, import.meta.dirname, {
  prefixes: ['leave', 'work'],
  templates: TEMPLATE_VALUES,
});
const { zh, en } = coverage;

describe('the flow catalogue', () => {
  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    expect(coverage.asked.length).toBeGreaterThan(10);
    expect(coverage.unknownTemplates).toEqual([]);
    expect(coverage.missing).toEqual([]);
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
