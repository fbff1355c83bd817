/**
 * The mj app config's `emailConfig` as SMTP settings (./smtp-settings.ts): server and port, the TLS rule (465
 * implicit, otherwise STARTTLS required, none on loopback), recipients, and the operator's messages.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMTP_PORT,
  isLoopbackSmtpHost,
  isValidEmailAddress,
  parseEmailSettings,
  parseSmtpServer,
  smtpTransportOptions,
  splitRecipients,
  type EmailConfig,
} from './smtp-settings';

const config = (over: Partial<EmailConfig> = {}): EmailConfig => ({
  mailSender: 'mj@example.com',
  mailSenderName: 'MJ 绘图',
  mailRecipient: 'ops@example.com',
  mailSubject: '今日配图已生成',
  mailBody: '<p>图片见附件</p>',
  smtpServer: 'smtp.qq.com:465',
  smtpUsername: 'mj@example.com',
  smtpPassword: 'abcdefghijklmnop',
  ...over,
});

describe('SMTP settings', () => {
  it('reads host and port; 465 when absent', () => {
    expect(parseSmtpServer('smtp.qq.com:465')).toEqual({ host: 'smtp.qq.com', port: 465 });
    expect(parseSmtpServer(' smtp.163.com ')).toEqual({ host: 'smtp.163.com', port: DEFAULT_SMTP_PORT });
    expect(DEFAULT_SMTP_PORT).toBe(465);
    expect(parseSmtpServer('10.1.2.3:25')).toEqual({ host: '10.1.2.3', port: 25 });
    expect(parseSmtpServer('[::1]:2525')).toEqual({ host: '::1', port: 2525 });
    expect(parseSmtpServer('[2001:db8::1]')).toEqual({ host: '2001:db8::1', port: 465 });
    expect(() => parseSmtpServer('')).toThrow('邮件配置不完整：缺少 SMTP 服务器');
    for (const bad of ['smtp.qq.com:0', 'smtp.qq.com:70000', 'smtp.qq.com:abc', 'smtp.qq.com:'])
      expect(() => parseSmtpServer(bad), bad).toThrow(/邮件配置有误：SMTP 端口|邮件配置有误：SMTP 服务器/);
    for (const bad of ['smtp qq.com', 'smtp://smtp.qq.com', 'a:b:c', '-x.com', '[zz]:25'])
      expect(() => parseSmtpServer(bad), bad).toThrow('邮件配置有误：SMTP 服务器应写作');
  });

  it('chooses implicit TLS on 465, required STARTTLS elsewhere, plain SMTP on loopback', () => {
    const qq = parseEmailSettings(config());
    expect(qq).toMatchObject({ host: 'smtp.qq.com', port: 465, server: 'smtp.qq.com:465', tls: 'implicit' });
    const o465 = smtpTransportOptions(qq);
    expect(o465).toMatchObject({ host: 'smtp.qq.com', port: 465, secure: true });
    expect(o465.tls).toMatchObject({ servername: 'smtp.qq.com', minVersion: 'TLSv1.2' });
    expect(o465.auth).toEqual({ user: 'mj@example.com', pass: 'abcdefghijklmnop' });
    expect(o465.connectionTimeout).toBeLessThanOrEqual(10_000);
    expect(o465.greetingTimeout).toBeLessThanOrEqual(10_000);
    expect(o465.socketTimeout).toBeLessThanOrEqual(30_000);
    expect(o465).toMatchObject({ disableFileAccess: true, disableUrlAccess: true });

    const o587 = smtpTransportOptions(parseEmailSettings(config({ smtpServer: 'smtp.qq.com:587' })));
    expect(o587).toMatchObject({ secure: false, requireTLS: true });
    expect(o587.ignoreTLS).toBeUndefined();

    const local = parseEmailSettings(config({ smtpServer: '127.0.0.1:2525' }));
    expect(local.tls).toBe('none');
    expect(smtpTransportOptions(local)).toMatchObject({ secure: false, ignoreTLS: true });
    expect(smtpTransportOptions(local).requireTLS).toBeUndefined();
    // 465 is implicit TLS even on this machine
    expect(parseEmailSettings(config({ smtpServer: 'localhost:465' })).tls).toBe('implicit');
    expect(smtpTransportOptions(local, { socketTimeout: 500 }).socketTimeout).toBe(500);
  });

  it('knows loopback hosts', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1'])
      expect(isLoopbackSmtpHost(h), h).toBe(true);
    for (const h of ['smtp.qq.com', '10.0.0.1', '::2', '128.0.0.1', 'localhost.example.com'])
      expect(isLoopbackSmtpHost(h), h).toBe(false);
  });

  it('splits and checks recipients', () => {
    expect(splitRecipients(' a@x.com, b@y.com;c@z.com\n d@w.cn  A@X.com ')).toEqual([
      'a@x.com',
      'b@y.com',
      'c@z.com',
      'd@w.cn',
    ]);
    expect(splitRecipients(['a@x.com, b@y.com', 'c@z.com'])).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
    expect(
      parseEmailSettings(config({ mailRecipient: 'a@x.com；b@y.com，c@z.com、d@w.cn' })).recipients,
    ).toEqual(['a@x.com', 'b@y.com', 'c@z.com', 'd@w.cn']);
    for (const ok of ['ops@example.com', 'first.last+tag@sub.example.co', 'x@例子.中国'])
      expect(isValidEmailAddress(ok), ok).toBe(true);
    for (const bad of [
      'ops',
      'ops@',
      '@x.com',
      'a@b',
      'a b@x.com',
      '"a"@x.com',
      'a@x..com',
      'a@-x.com',
      '<a@x.com>',
    ])
      expect(isValidEmailAddress(bad), bad).toBe(false);
    expect(() => parseEmailSettings(config({ mailRecipient: 'ops@example.com, nope' }))).toThrow(
      '邮件配置有误：收件人邮箱无效：nope',
    );
    expect(() => parseEmailSettings(config({ mailRecipient: ' ;, ' }))).toThrow('邮件配置不完整：缺少收件人');
  });

  it('says in Chinese what is missing or wrong', () => {
    expect(() => parseEmailSettings(null)).toThrow('邮件配置不完整');
    expect(() => parseEmailSettings(config({ smtpServer: '' }))).toThrow('邮件配置不完整：缺少 SMTP 服务器');
    expect(() => parseEmailSettings(config({ smtpUsername: ' ' }))).toThrow('邮件配置不完整：缺少 SMTP 账号');
    expect(() => parseEmailSettings(config({ smtpPassword: '' }))).toThrow('邮件配置不完整：缺少 SMTP 密码');
    expect(() => parseEmailSettings(config({ mailSender: '' }))).toThrow('邮件配置不完整：缺少发件人邮箱');
    expect(() => parseEmailSettings(config({ mailSender: 'mj' }))).toThrow(
      '邮件配置有误：发件人邮箱无效：mj',
    );
    expect(() => parseEmailSettings({ ...config(), smtpServer: 42 })).toThrow('缺少 SMTP 服务器');
    try {
      parseEmailSettings(config({ smtpServer: '' }));
    } catch (e) {
      expect(e).toMatchObject({ name: 'BizError', statusCode: 400 });
    }
  });

  it('keeps subject and sender name on one line', () => {
    const s = parseEmailSettings(
      config({ mailSenderName: 'MJ\r\nBcc: x@evil.com', mailSubject: '主题\nX-Injected: 1' }),
    );
    expect(s.fromName).toBe('MJ Bcc: x@evil.com');
    expect(s.subject).toBe('主题 X-Injected: 1');
    expect(s.body).toBe('<p>图片见附件</p>');
  });
});
