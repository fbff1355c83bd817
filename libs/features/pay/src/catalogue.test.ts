// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after the console's
// apps/console/src/i18n/missing-keys.test.ts). Keys built from a template are enumerated from the values it takes.
import { catalogueCoverage } from '@smart/crud/testing/jsdom';
import { describe, expect, it } from 'vitest';
import { feature } from './index';
import { CARD_TYPES } from './card/card-form';
import { GRANT_TYPES } from './grant/GrantDialog';
import { ATTEMPT_COLUMNS } from './order/PayAttemptsDialog';
import { PAY_CHANNELS } from './PayPage';

/** Each template key the sources build, with the values its placeholder takes. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  'pay.productName.${product}': ['power', 'member'],
  'pay.products.${p}': ['power', 'member'],
  'pay.channels.${c}': PAY_CHANNELS,
  'pay.attempts.${c}': ATTEMPT_COLUMNS,
  'pay.grant.units.${type}': GRANT_TYPES.map(String),
  'pay.card.units.${values.cardType}': CARD_TYPES.map(String),
  'pay.card.units.${done.cardType}': CARD_TYPES.map(String),
};

const coverage = catalogueCoverage(feature.catalogue, import.meta.dirname, {
  prefixes: ['pay'],
  templates: TEMPLATE_VALUES,
});
const { zh, en } = coverage;

describe('the pay catalogue', () => {
  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    expect(coverage.asked.length).toBeGreaterThan(10);
    expect(coverage.unknownTemplates).toEqual([]);
    expect(coverage.missing).toEqual([]);
  });
});
