// The mails of mj apps on the sandboxed server, against a local SMTP sink: a finished drawing mailed once to the
// app's recipients with its image attached and logged SENT; settings that could not be used refused at save; the
// test mail; a failed mail (wrong password) logged with the reason and sent again after the settings are fixed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendEmailLog, user } from '../../../db/schema';
import { startSmtpSink, type SmtpSink } from '../../../sandbox/smtp/index';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../../../test/harness';
import { until } from '../../../test/until';

interface Log {
  id: string;
  sendStatus: number;
  toAddress: string;
  subject: string;
  errorMsg: string;
  retryCount: number;
  bizType: string;
  bizId: string;
}

const P = '/api/smart-mj';

describe.each(backends)('mj app mails on %s', (kind) => {
  let s: TestServer;
  let sink: SmtpSink;
  let admin: string;
  let appId: string;
  let configId: string;
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    sink = await startSmtpSink();
    const t = await login(s.app);
    admin = t.access_token;
    await s.handle.db
      .update(user)
      .set({ power: 20 })
      .where(eq(user.id, BigInt(t.user_id)));
    appId = (
      await call<{ id: string }>('POST', `${P}/mj_app/submit`, 'mjAppSubmit', admin, {
        appName: '邮件配图',
        appCode: `mail_${kind}`,
      })
    ).body.data.id;
  });
  afterAll(async () => {
    await s?.close();
    await sink?.close();
  });

  const call = contractCall(() => s);
  const settings = (over: Record<string, string> = {}) => ({
    mailSender: 'mj@example.com',
    mailSenderName: 'MJ 绘图',
    mailRecipient: 'ops@example.com',
    mailSubject: '今日配图已生成',
    mailBody: '<p>图片见附件</p>',
    smtpServer: `127.0.0.1:${sink.port}`,
    smtpUsername: 'mj@example.com',
    smtpPassword: 'secret-code',
    ...over,
  });
  const saveConfig = (emailConfig: object, id?: string) =>
    call<{ id: string }>('POST', `${P}/mjjAppConfig/submit`, 'mjjAppConfigSubmit', admin, {
      ...(id ? { id } : {}),
      appId,
      folder: 'D:\\mj',
      emailConfig,
    });
  const logOf = (bizId: string) =>
    s.handle.db.select().from(sendEmailLog).where(eq(sendEmailLog.bizId, bizId));

  it('refuses settings that mail but could not be used, and keeps ones that do not mail', async () => {
    const bad = await saveConfig(settings({ mailRecipient: 'not-an-address' }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('邮件配置有误：收件人邮箱无效：not-an-address');
    const quiet = await saveConfig(settings({ smtpServer: '', mailRecipient: '' }));
    expect(quiet.status, JSON.stringify(quiet.body)).toBe(200);
    const ok = await saveConfig(settings(), quiet.body.data.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    configId = ok.body.data.id;
  });

  it('mails a finished drawing once, with its image, and logs it SENT', async () => {
    const before = sink.messages().length;
    const p = (
      await call<{ id: string }>('POST', `${P}/mj_prompt/submit`, 'mjPromptSubmit', admin, {
        appId,
        prompt: 'a red kite over the sea',
      })
    ).body.data;
    expect((await call('POST', `${P}/mj_prompt/draw`, 'mjPromptDraw', admin, { id: p.id })).status).toBe(200);
    const rows = await until(
      () => logOf(p.id),
      (r) => r.length > 0 && r[0]!.sendStatus !== 0,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sendStatus).toBe(1);
    expect(rows[0]!.bizType).toBe('MJ_RESULT');
    const mail = sink.messages()[0]!;
    expect(sink.messages().length).toBe(before + 1);
    expect(mail.subject).toBe('今日配图已生成');
    expect(mail.to).toEqual(['ops@example.com']);
    expect(mail.html).toContain('a red kite over the sea');
    // the link is the tenant's kept copy, whole (src/modules/mj/mj-prompt/keep-image.ts)
    expect(mail.html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/api\/smart-resource\/oss\/file\/000000\//u);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.contentType).toBe('image/png');
    // a late sync of the finished drawing mails nothing more
    await call('POST', `${P}/mj_prompt/sync?id=${p.id}`, 'mjPromptSync', admin);
    expect(await logOf(p.id)).toHaveLength(1);
  });

  it('sends a test mail, logs a failed one with the reason, and sends it again once the password is fixed', async () => {
    const sent = await call<Log>(
      'POST',
      `${P}/mjjAppConfig/testEmail?id=${configId}`,
      'mjjAppConfigTestEmail',
      admin,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.sendStatus).toBe(1);
    expect(sink.messages()[0]!.subject).toBe('【测试】今日配图已生成');

    expect((await saveConfig(settings({ smtpPassword: 'wrong' }), configId)).status).toBe(200);
    const failed = await call<Log>(
      'POST',
      `${P}/mjjAppConfig/testEmail?id=${configId}`,
      'mjjAppConfigTestEmail',
      admin,
    );
    expect(failed.status).toBe(200);
    expect(failed.body.data.sendStatus).toBe(2);
    expect(failed.body.data.errorMsg).not.toBe('');
    expect(failed.body.data.errorMsg).not.toContain('wrong');
    expect(failed.body.data.retryCount).toBe(0);

    const stillWrong = await call<Log>(
      'POST',
      `/api/smart-sendEmailLog/send_email_log/retry?id=${failed.body.data.id}`,
      'sendEmailLogRetry',
      admin,
    );
    expect(stillWrong.body.data.sendStatus).toBe(2);
    expect((await saveConfig(settings(), configId)).status).toBe(200);
    const retried = await call<Log>(
      'POST',
      `/api/smart-sendEmailLog/send_email_log/retry?id=${failed.body.data.id}`,
      'sendEmailLogRetry',
      admin,
    );
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.sendStatus).toBe(1);
    expect(retried.body.data.retryCount).toBe(2);
    const again = await call<Log>(
      'POST',
      `/api/smart-sendEmailLog/send_email_log/retry?id=${failed.body.data.id}`,
      'sendEmailLogRetry',
      admin,
    );
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('仅发送失败的邮件可以重发');
  });
  it('logs the mail of a drawing as failed, with the reason, when the settings lost their password', async () => {
    expect((await saveConfig(settings({ smtpPassword: '' }), configId)).status).toBe(200);
    const p = (
      await call<{ id: string }>('POST', `${P}/mj_prompt/submit`, 'mjPromptSubmit', admin, {
        appId,
        prompt: 'a paper boat',
      })
    ).body.data;
    expect((await call('POST', `${P}/mj_prompt/draw`, 'mjPromptDraw', admin, { id: p.id })).status).toBe(200);
    const rows = await until(
      () => logOf(p.id),
      (r) => r.length > 0,
    );
    expect(rows[0]!.sendStatus).toBe(2);
    expect(rows[0]!.errorMsg).toBe('邮件配置不完整：缺少 SMTP 密码');
  });
});
