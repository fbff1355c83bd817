import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { loadDictionary } from './dictionary';

const dictDictionary = vi.hoisted(() =>
  vi.fn(async () => [
    { dictKey: '1', dictValue: 'Compute power' },
    { dictKey: '2', dictValue: 'Balance' },
  ]),
);
vi.mock('@smart/api-sdk/requests', () => ({ dictDictionary }));

describe('loadDictionary', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh');
  });

  it('asks for the labels in the interface language and answers them as options', async () => {
    await i18n.changeLanguage('en');
    expect(await loadDictionary('grant_type')).toEqual([
      { label: 'Compute power', value: '1' },
      { label: 'Balance', value: '2' },
    ]);
    expect(dictDictionary).toHaveBeenLastCalledWith({ code: 'grant_type', lang: 'en' });
    await i18n.changeLanguage('zh');
    await loadDictionary('grant_type');
    expect(dictDictionary).toHaveBeenLastCalledWith({ code: 'grant_type', lang: 'zh' });
  });
});
