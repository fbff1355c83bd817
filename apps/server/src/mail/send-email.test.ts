/**
 * Logged sends (./send-email.ts) against the sandbox sink (src/sandbox/smtp) on both databases: SENT with what
 * arrives decoded; 535, 550, 554 and bad addresses FAILED at once; 421s and refused connections retried (at most 3,
 * waits injected); retryEmailLog claiming a FAILED row once; writes that never overwrite another worker's outcome;
 * no password in `error_msg`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../db/index';
import { sendEmailLog } from '../db/schema';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp/index';
import { backends, type Backend } from '../test/harness';
import {
  MAX_EMAIL_RETRIES,
  retryEmailLog,
  SEND_STATUS,
  sendLoggedEmail,
  type SendEmailDeps,
  type SendEmailInput,
} from './send-email';
import { parseEmailSettings, type EmailConfig, type EmailSettings } from './smtp-settings';

/** A migrated database: PGlite in memory, or a throw-away PostgreSQL database (as src/test/harness.ts makes). */
async function openTestDb(kind: Backend): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDb({ dataDir: 'memory://' });
    await handle.migrate();
    return { handle, close: () => handle.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `smart_mail_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  await handle.migrate();
  return {
    handle,
    async close() {
      await handle.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

const PASSWORD = 'Auth-C0de-7f3k9q';
const TENANT = '000000';

describe.each(backends)('logged e-mail on %s', (kind) => {
  let db: DbHandle['db'];
  let closeDb: () => Promise<void>;
  let sink: SmtpSink;
  let dir: string;
  let waits: number[];
  const deps = (): SendEmailDeps => ({
    sleep: async (ms) => {
      waits.push(ms);
    },
  });

  const settingsFor = (over: Partial<EmailConfig> = {}): EmailSettings =>
    parseEmailSettings({
      mailSender: 'mj@example.com',
      mailSenderName: 'MJ 绘图',
      mailRecipient: 'ops@example.com, boss@example.com',
      mailSubject: '今日配图已生成',
      mailBody: '<p>图片见附件</p>',
      smtpServer: `127.0.0.1:${sink.port}`,
      smtpUsername: 'mj@example.com',
      smtpPassword: PASSWORD,
      ...over,
    });

  const input = (over: Partial<SendEmailInput> = {}): SendEmailInput => ({
    tenantId: TENANT,
    bizType: 'MJ_RESULT',
    bizId: '1790000000000000401',
    appId: 1790000000000000101n,
    settings: settingsFor(),
    subject: '今日配图已生成',
    html: '<p>图片见<b>附件</b></p>',
    createUser: 1123598821738675201n,
    ...over,
  });

  const rowOf = async (id: bigint) =>
    (await db.select().from(sendEmailLog).where(eq(sendEmailLog.id, id)))[0]!;

  beforeAll(async () => {
    const t = await openTestDb(kind);
    db = t.handle.db;
    closeDb = t.close;
    sink = await startSmtpSink();
    dir = await mkdtemp(path.join(tmpdir(), 'smart-mail-'));
  });
  afterAll(async () => {
    await sink?.close();
    await closeDb?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    waits = [];
  });

  it('sends through the sink and logs SENT; subject and sender name arrive decoded', async () => {
    const file = path.join(dir, 'cover.png');
    await writeFile(file, Buffer.alloc(3000, 1));
    const before = Date.now();
    const row = await sendLoggedEmail(
      db,
      input({
        attachments: [
          { filename: '封面.png', path: file, url: 'https://cdn.example.com/mj/abc.png' },
          { filename: '说明.txt', content: Buffer.from('你好'), contentType: 'text/plain' },
        ],
      }),
      deps(),
    );
    expect(row).toMatchObject({
      tenantId: TENANT,
      bizType: 'MJ_RESULT',
      bizId: '1790000000000000401',
      appId: 1790000000000000101n,
      smtpHost: `127.0.0.1:${sink.port}`,
      fromAddress: 'mj@example.com',
      fromName: 'MJ 绘图',
      toAddress: 'ops@example.com,boss@example.com',
      ccAddress: '',
      subject: '今日配图已生成',
      content: '<p>图片见<b>附件</b></p>',
      sendStatus: SEND_STATUS.SENT,
      errorMsg: '',
      retryCount: 0,
      createUser: 1123598821738675201n,
    });
    // the contract's `attachments` are the files' URLs, never their bytes
    expect(row.attachments).toEqual(['https://cdn.example.com/mj/abc.png']);
    expect(row.sendTime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await rowOf(row.id)).toEqual(row);
    expect(waits).toEqual([]);

    const m = sink.messages()[0]!;
    expect(m.subject).toBe('今日配图已生成');
    expect(m.fromName).toBe('MJ 绘图');
    expect(m.fromAddress).toBe('mj@example.com');
    expect(m.to).toEqual(['ops@example.com', 'boss@example.com']);
    expect(m.html).toContain('<b>附件</b>');
    expect(m.attachments).toEqual([
      { filename: '封面.png', contentType: 'image/png', size: 3000 },
      { filename: '说明.txt', contentType: 'text/plain', size: 6 },
    ]);
  });

  it('sends to the recipients given instead of the configured ones, with cc', async () => {
    const row = await sendLoggedEmail(
      db,
      input({ to: 'a@example.com；b@example.com', cc: ['c@example.com'] }),
      deps(),
    );
    expect(row).toMatchObject({
      sendStatus: SEND_STATUS.SENT,
      toAddress: 'a@example.com,b@example.com',
      ccAddress: 'c@example.com',
    });
    expect(sink.messages()[0]!.to).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('fails at once on 535, without retries and without the password', async () => {
    const count = sink.messages().length;
    const row = await sendLoggedEmail(
      db,
      input({ settings: settingsFor({ smtpUsername: 'sandbox-535@example.com' }) }),
      deps(),
    );
    expect(row).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: 0, sendTime: null });
    expect(row.errorMsg).toContain('535');
    expect(row.errorMsg).toContain('SMTP 登录失败');
    expect(row.errorMsg).not.toContain(PASSWORD);
    expect(row.errorMsg.length).toBeLessThanOrEqual(500);
    expect(waits).toEqual([]);
    expect(sink.messages().length).toBe(count);
  });

  it('fails at once on 550 and 554', async () => {
    const r550 = await sendLoggedEmail(db, input({ to: 'sandbox-550@example.com' }), deps());
    expect(r550).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: 0 });
    expect(r550.errorMsg).toContain('收件人邮箱不可用（550）');

    sink.failNext(554, 1);
    const r554 = await sendLoggedEmail(db, input(), deps());
    expect(r554).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: 0 });
    expect(r554.errorMsg).toContain('554');
    expect(r554.errorMsg).toContain('垃圾邮件');
    expect(waits).toEqual([]);
  });

  it('logs a send to invalid addresses or with a missing file as FAILED without contacting the server', async () => {
    const count = sink.messages().length;
    const bad = await sendLoggedEmail(db, input({ to: 'ops@example.com, not-an-address' }), deps());
    expect(bad).toMatchObject({
      sendStatus: SEND_STATUS.FAILED,
      retryCount: 0,
      errorMsg: '收件人邮箱无效：not-an-address',
      toAddress: 'ops@example.com,not-an-address',
    });
    const none = await sendLoggedEmail(db, input({ to: [] }), deps());
    expect(none).toMatchObject({ sendStatus: SEND_STATUS.FAILED, errorMsg: '缺少收件人' });
    const missing = await sendLoggedEmail(
      db,
      input({ attachments: [{ filename: 'gone.png', path: path.join(dir, 'gone.png') }] }),
      deps(),
    );
    expect(missing).toMatchObject({ sendStatus: SEND_STATUS.FAILED, errorMsg: '附件读取失败：gone.png' });
    expect(missing.errorMsg).not.toContain(dir);
    expect(sink.messages().length).toBe(count);
  });

  it('retries a transient failure: two 421s, then SENT with retry_count 2', async () => {
    sink.failNext(421, 2);
    const row = await sendLoggedEmail(db, input(), deps());
    expect(row).toMatchObject({ sendStatus: SEND_STATUS.SENT, retryCount: 2, errorMsg: '' });
    expect(waits).toEqual([1000, 2000]);
    expect(sink.messages()[0]!.subject).toBe('今日配图已生成');
  });

  it('three 421s, then SENT on the last allowed retry', async () => {
    sink.failNext(421, 3);
    const row = await sendLoggedEmail(db, input(), deps());
    expect(row).toMatchObject({ sendStatus: SEND_STATUS.SENT, retryCount: 3 });
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('FAILED after 3 retries when every attempt is refused with 421', async () => {
    const count = sink.messages().length;
    sink.failNext(421, 4);
    const row = await sendLoggedEmail(db, input(), { ...deps(), backoffMs: (n) => n * 10 });
    expect(row).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: MAX_EMAIL_RETRIES });
    expect(row.errorMsg).toContain('SMTP 服务器暂时不可用（421）');
    expect(waits).toEqual([10, 20, 30]);
    expect(sink.messages().length).toBe(count);
    // the forced failures are used up: the next send goes through
    expect((await sendLoggedEmail(db, input(), deps())).sendStatus).toBe(SEND_STATUS.SENT);
  });

  it('retries a refused connection, then FAILED with a readable reason', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const row = await sendLoggedEmail(
      db,
      input({ settings: settingsFor({ smtpServer: `127.0.0.1:${port}` }) }),
      deps(),
    );
    expect(row).toMatchObject({
      sendStatus: SEND_STATUS.FAILED,
      retryCount: 3,
      smtpHost: `127.0.0.1:${port}`,
    });
    expect(row.errorMsg).toContain(`无法连接 SMTP 服务器 127.0.0.1:${port}`);
    expect(waits).toHaveLength(3);
  });

  it('refuses to log in without STARTTLS where it is required', async () => {
    // the sink offers no STARTTLS: settings that require it (a non-loopback host on 587) must not send
    const settings: EmailSettings = { ...settingsFor(), tls: 'starttls' };
    const row = await sendLoggedEmail(db, input({ settings }), deps());
    expect(row).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: 0 });
    expect(row.errorMsg).toContain('不支持 STARTTLS');
  });

  it('never writes the password into error_msg, whatever the error says', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const row = await sendLoggedEmail(db, input(), {
      ...deps(),
      createTransport: () => ({
        async sendMail() {
          throw Object.assign(new Error(`Invalid login: ${PASSWORD} / ${b64(PASSWORD)}`), {
            code: 'EAUTH',
            responseCode: 535,
            response: `535 bad credentials ${b64(`\u0000mj@example.com\u0000${PASSWORD}`)} ${PASSWORD}`,
            command: 'AUTH PLAIN',
          });
        },
        close() {},
      }),
    });
    expect(row.sendStatus).toBe(SEND_STATUS.FAILED);
    expect(row.errorMsg).toContain('535');
    expect(row.errorMsg).not.toContain(PASSWORD);
    expect(row.errorMsg).not.toContain(b64(PASSWORD));
    expect(row.errorMsg).not.toContain(b64(`\u0000mj@example.com\u0000${PASSWORD}`));

    const other = await sendLoggedEmail(db, input(), {
      ...deps(),
      createTransport: () => ({
        async sendMail() {
          throw new Error(`something odd with ${PASSWORD}`);
        },
        close() {},
      }),
    });
    expect(other.errorMsg).toBe('发送失败：something odd with ***');
  });

  it('never overwrites the outcome another worker wrote', async () => {
    let rowId: bigint | undefined;
    const row = await sendLoggedEmail(db, input(), {
      ...deps(),
      createTransport: () => ({
        async sendMail() {
          // meanwhile another worker finished the row
          const [pending] = await db
            .select()
            .from(sendEmailLog)
            .where(eq(sendEmailLog.sendStatus, SEND_STATUS.PENDING));
          rowId = pending!.id;
          await db
            .update(sendEmailLog)
            .set({ sendStatus: SEND_STATUS.SENT, errorMsg: 'other worker' })
            .where(eq(sendEmailLog.id, rowId));
          throw Object.assign(new Error('Temporary failure'), { code: 'EENVELOPE', responseCode: 421 });
        },
        close() {},
      }),
    });
    expect(row.id).toBe(rowId);
    expect(row).toMatchObject({ sendStatus: SEND_STATUS.SENT, errorMsg: 'other worker', retryCount: 0 });
    expect(waits).toEqual([]);
  });

  describe('retryEmailLog', () => {
    const failed = async () => {
      const row = await sendLoggedEmail(
        db,
        input({ settings: settingsFor({ smtpPassword: 'wrong' }) }),
        deps(),
      );
      expect(row.sendStatus).toBe(SEND_STATUS.FAILED);
      return row;
    };

    it('sends a FAILED row again with the fixed settings', async () => {
      const row = await failed();
      const file = path.join(dir, 'again.png');
      await writeFile(file, Buffer.alloc(10, 2));
      const again = await retryEmailLog(db, TENANT, row.id, settingsFor(), {
        ...deps(),
        updateUser: 42n,
        attachments: [{ filename: 'again.png', path: file, url: 'https://cdn.example.com/again.png' }],
      });
      expect(again).toMatchObject({
        id: row.id,
        sendStatus: SEND_STATUS.SENT,
        retryCount: 1,
        errorMsg: '',
        updateUser: 42n,
        attachments: ['https://cdn.example.com/again.png'],
      });
      expect(again.sendTime).not.toBeNull();
      const m = sink.messages()[0]!;
      expect(m.subject).toBe(row.subject);
      expect(m.to).toEqual(['ops@example.com', 'boss@example.com']);
      expect(m.attachments).toEqual([{ filename: 'again.png', contentType: 'image/png', size: 10 }]);

      await expect(retryEmailLog(db, TENANT, row.id, settingsFor(), deps())).rejects.toThrow(
        '仅发送失败的邮件可以重发',
      );
    });

    it('counts its retries with the automatic ones, at most 3', async () => {
      const row = await failed();
      const r1 = await retryEmailLog(db, TENANT, row.id, settingsFor({ smtpPassword: 'wrong' }), deps());
      expect(r1).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: 1 });
      // this retry is the second; a transient failure may use the one retry left, no more
      sink.failNext(421, 2);
      const r2 = await retryEmailLog(db, TENANT, row.id, settingsFor(), deps());
      expect(r2).toMatchObject({ sendStatus: SEND_STATUS.FAILED, retryCount: 3 });
      expect(waits).toEqual([1000]);
      await expect(retryEmailLog(db, TENANT, row.id, settingsFor(), deps())).rejects.toThrow(
        '重发次数已达上限（3 次）',
      );
    });

    it('refuses unknown ids and other tenants’ rows', async () => {
      const row = await failed();
      await expect(retryEmailLog(db, TENANT, 1n, settingsFor(), deps())).rejects.toMatchObject({
        message: '数据不存在',
        statusCode: 400,
      });
      await expect(retryEmailLog(db, '100001', row.id, settingsFor(), deps())).rejects.toThrow('数据不存在');
      await db.update(sendEmailLog).set({ isDeleted: 1 }).where(eq(sendEmailLog.id, row.id));
      await expect(retryEmailLog(db, TENANT, row.id, settingsFor(), deps())).rejects.toThrow('数据不存在');
      expect((await rowOf(row.id)).retryCount).toBe(0);
    });

    it('lets only one of two concurrent retries send', async () => {
      const row = await failed();
      const count = sink.messages().length;
      const results = await Promise.allSettled([
        retryEmailLog(db, TENANT, row.id, settingsFor(), deps()),
        retryEmailLog(db, TENANT, row.id, settingsFor(), deps()),
      ]);
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(String((refused[0] as PromiseRejectedResult).reason)).toContain('仅发送失败的邮件可以重发');
      expect(await rowOf(row.id)).toMatchObject({ sendStatus: SEND_STATUS.SENT, retryCount: 1 });
      expect(sink.messages().length).toBe(count + 1);
    });
  });
});
