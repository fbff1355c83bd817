import { entityCatalogue } from '@smart/api-sdk/entities';
import { describe, expect, it } from 'vitest';
import { i18n } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('generated entity catalogue', () => {
  it('translates the entity keys of defineResource(entity) in zh and en', () => {
    expect(i18n.t('entity.post.postCode', { lng: 'zh' })).toBe('岗位编号');
    expect(i18n.t('entity.post.postCode', { lng: 'en' })).toBe('Code');
    expect(i18n.t('entity.param._rules.paramName', { lng: 'en' })).toBe('Please enter the parameter name');
  });

  it('holds every generated key in both languages', () => {
    for (const lng of ['zh', 'en'] as const) {
      for (const key of keys(entityCatalogue[lng])) {
        expect(i18n.exists(key, { lng }), `${lng}: ${key}`).toBe(true);
      }
    }
  });
});
