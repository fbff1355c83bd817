import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { loadServerMessages, translateServerMessage } from './server-messages';

describe('the server’s messages in the console’s language', () => {
  afterEach(() => i18n.changeLanguage('zh'));

  it('shows them as sent in Chinese, and in English once the console is English', async () => {
    await i18n.changeLanguage('zh');
    expect(translateServerMessage('用户名或密码错误')).toBe('用户名或密码错误');
    await i18n.changeLanguage('en');
    await loadServerMessages();
    expect(translateServerMessage('用户名或密码错误')).toBe('Wrong user name or password');
    expect(translateServerMessage('日期格式错误: 2026-02-30 00:00:00')).toBe(
      'Invalid date: 2026-02-30 00:00:00',
    );
  });
});
