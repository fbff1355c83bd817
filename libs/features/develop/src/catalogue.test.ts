// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after
// libs/features/pay/src/catalogue.test.ts).
import { entityCatalogue } from '@smart/api-sdk/entities';
import type { ResourceDef } from '@smart/crud';
import { catalogueT, textGaps } from '@smart/crud/testing';
import { catalogueCoverage } from '@smart/crud/testing/jsdom';
import { describe, expect, it } from 'vitest';
import { codeResource } from './code/code.resource';
import { datasourceResource } from './datasource/datasource.resource';
import enCatalogue from './i18n/en';
import zhCatalogue from './i18n/zh';
import { feature } from './index';

const coverage = catalogueCoverage(feature.catalogue, import.meta.dirname, {
  prefixes: ['develop'],
});
const { zh, en } = coverage;

describe('the develop catalogue', () => {
  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    expect(coverage.asked.length).toBeGreaterThan(5);
    expect(coverage.unknownTemplates).toEqual([]);
    expect(coverage.missing).toEqual([]);
  });
});

// Every placeholder and required message of the pages is one key of its own in both languages (the generated
// entities' and this feature's, for the fields a page turns from typed into picked), never a label the kit wraps.
describe('the placeholders of the develop pages', () => {
  const zhT = catalogueT(zhCatalogue, entityCatalogue.zh);
  const enT = catalogueT(enCatalogue, entityCatalogue.en);
  const resources = {
    code: codeResource([{ label: 'local-pg', value: '501' }]),
    datasource: datasourceResource,
  } as unknown as Record<string, ResourceDef<never, never>>;

  it.each(Object.keys(resources))(
    '%s: every placeholder and required message is its own key, in zh and en',
    (name) => {
      expect(textGaps(resources[name]!, zhT, enT)).toEqual([]);
    },
  );

  it('words the picked datasource as a choice', () => {
    const key = resources['code']!.columns.find((c) => c.prop === 'datasourceId')!.placeholder!;
    expect(zhT(key)).toBe('请选择数据源');
    expect(enT(key)).toBe('Select datasource');
  });
});
