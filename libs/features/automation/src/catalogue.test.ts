// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys (after
// libs/features/pay/src/catalogue.test.ts).
import { catalogueCoverage } from '@smart/crud/testing/jsdom';
import { describe, expect, it } from 'vitest';
import { RunStatus } from '@smart/api-sdk';
import { CRON_PRESETS } from './cron/presets';
import { feature } from './index';
import type { SheetProblemCode } from './pool/excel-rows';
import { POOL_KINDS } from './pool/pool-entities';

const POOL_TEXTS = [...new Set(Object.values(POOL_KINDS).map((k) => k.text))];

/** Each template key the sources build, with the values its placeholder takes. */
const TEMPLATE_VALUES: Record<string, readonly string[]> = {
  'automation.cron.presets.${p.key}': CRON_PRESETS.map((p) => p.key),
  // format-gap.ts: the gap's units
  'automation.unit.${unit}': ['day', 'hour', 'minute', 'second'],
  'automation.status.${status}': Object.values(RunStatus),
  // FeishuImportDialog.tsx: where comments come from
  'automation.comments.${s}': ['sheet', 'bitable'],
  // EmptyDialog.tsx: the url_use_status values a pool empties, before their dictionary loads
  'automation.pool.useStatus.${s}': ['0', '1', '2', '3'],
  'automation.pool.${kind.text}': POOL_TEXTS,
  'automation.pool.${kind.text}Help': POOL_TEXTS,
  // ImportDialog.tsx: the Excel side's heading and help of the pool's text, and why a sheet row is not sent
  'automation.pool.heading.${kind.text}': POOL_TEXTS,
  'automation.pool.${kind.text}SheetHelp': POOL_TEXTS,
  'automation.pool.sheetProblem.${p.code}': ['sort', 'long'] satisfies SheetProblemCode[],
  // PublishStatusBadge.tsx: the publish_status values, before their dictionary loads
  'automation.publishStatus.${String(status)}': ['0', '1', '2', '3', '4', '5'],
};

const coverage = catalogueCoverage(feature.catalogue, import.meta.dirname, {
  prefixes: ['automation'],
  templates: TEMPLATE_VALUES,
});
const { zh, en } = coverage;

describe('the automation catalogue', () => {
  it('zh and en hold the same keys', () => {
    expect([...en].sort()).toEqual([...zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    expect(coverage.asked.length).toBeGreaterThan(5);
    expect(coverage.unknownTemplates).toEqual([]);
    expect(coverage.missing).toEqual([]);
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
