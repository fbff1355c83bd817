import { beforeAll, describe, expect, it } from 'vitest';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

// i18next merges added bundles into the catalogue objects it was given, so the main catalogues' keys are read
// before the issue-6 module (and with it the i18n instance) loads.
let mainKeys: Set<string>;
let issue6Zh: Record<string, unknown>;
let issue6En: Record<string, unknown>;
let t: (key: string, options: { lng: string }) => string;

beforeAll(async () => {
  const [{ default: zh }, { default: en }] = await Promise.all([import('./zh'), import('./en')]);
  mainKeys = new Set([...keys(structuredClone(zh)), ...keys(structuredClone(en))]);
  const issue6 = await import('./issue6');
  issue6Zh = issue6.issue6Zh;
  issue6En = issue6.issue6En;
  const { i18n } = await import('./index');
  t = (key, options) => i18n.t(key, options);
});

describe('issue-6 catalogue (loaded with its pages)', () => {
  it('zh and en hold exactly the same keys, none empty', () => {
    expect(keys(issue6En).sort()).toEqual(keys(issue6Zh).sort());
    for (const catalogue of [issue6Zh, issue6En]) {
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
    expect(keys(issue6Zh).filter((key) => mainKeys.has(key))).toEqual([]);
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
