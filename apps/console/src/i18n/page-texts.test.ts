import { beforeAll, describe, expect, it } from 'vitest';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

// i18next merges added bundles into the catalogue objects it was given, so the main catalogues' keys are read
// before the page-texts module (and with it the i18n instance) loads.
let mainKeys: Set<string>;
let pageTextsZh: Record<string, unknown>;
let pageTextsEn: Record<string, unknown>;
let t: (key: string, options: { lng: string }) => string;

beforeAll(async () => {
  const [{ default: zh }, { default: en }] = await Promise.all([import('./zh'), import('./en')]);
  mainKeys = new Set([...keys(structuredClone(zh)), ...keys(structuredClone(en))]);
  const pageTexts = await import('./page-texts');
  pageTextsZh = pageTexts.pageTextsZh;
  pageTextsEn = pageTexts.pageTextsEn;
  const { i18n } = await import('./index');
  t = (key, options) => i18n.t(key, options);
});

describe('page-texts catalogue (loaded with its pages)', () => {
  it('zh and en hold exactly the same keys, none empty', () => {
    expect(keys(pageTextsEn).sort()).toEqual(keys(pageTextsZh).sort());
    for (const catalogue of [pageTextsZh, pageTextsEn]) {
      for (const key of keys(catalogue)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('adds keys without overwriting any key of the main catalogue', () => {
    expect(mainKeys.has('register.open')).toBe(true);
    expect(keys(pageTextsZh).filter((key) => mainKeys.has(key))).toEqual([]);
  });

  it('is registered in both languages once imported', () => {
    expect(t('register.submitted', { lng: 'zh' })).toBe('注册申请已提交,请耐心等待管理员通过!');
    expect(t('register.submitted', { lng: 'en' })).toBe(
      'registration request submitted, please wait for administrator approval',
    );
    expect(t('register.open', { lng: 'en' })).toBe('Register');
    expect(t('info.phoneLength', { lng: 'en' })).toBe('phone number length is not 11');
  });
});
