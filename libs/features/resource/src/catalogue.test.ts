// Every catalogue key this feature's sources ask for is in zh and en, and both hold the same keys.
import { catalogueCoverage } from '@smart/crud/testing/jsdom';
import { describe, expect, it } from 'vitest';
import { feature } from './index';

describe('the resource catalogue', () => {
  const c = catalogueCoverage(feature.catalogue, import.meta.dirname, {
    prefixes: ['resource'],
    templates: { 'resource.what.${what}': ['oss', 'sms'] },
  });

  it('zh and en hold the same keys', () => {
    expect([...c.en].sort()).toEqual([...c.zh].sort());
  });

  it('has every key the sources ask for, in both languages', () => {
    expect(c.asked.length).toBeGreaterThan(10);
    expect(c.unknownTemplates).toEqual([]);
    expect(c.missing).toEqual([]);
  });
});
