/**
 * Sending an e-mail with its outcome in `smart_send_email_log` (docs/automation-domain.md §3.8, states §4.7):
 *
 *   insert PENDING(0) ─ send ─┬─ accepted ───────────────────────────────► SENT(1), send_time
 *                             ├─ transient (no connection, timeout, 4xx) ─► wait, send again (at most 3 retries)
 *                             └─ permanent (535, 550, 554, bad address…) ► FAILED(2), error_msg
 *   FAILED ─ retryEmailLog ─► PENDING (retry_count + 1) ─ send as above
 *
 * - `retry_count` counts every retry of the row, the automatic ones and those asked with `retryEmailLog`, and never
 *   exceeds 3: §4.7 allows 3 retries, and the contract bounds `retryCount` to 0–3
 *   (openapi/schemas/email/send-email-log.yaml). A row that used them all cannot be retried again.
 * - Every status write is conditional (`WHERE send_status = 0`): the write that finds the row no longer pending
 *   changes nothing, and the row as it then is is answered. Claiming a failed row back (FAILED → PENDING) is one
 *   conditional update too, so of two workers retrying one row only one sends.
 * - `error_msg` is short and meant for an operator (what failed, and the server's reply); the password, also
 *   base64-encoded as AUTH sends it, is removed from it.
 * - Attachments are sent as bytes read here (nodemailer is told never to read a path or fetch a URL itself) and are
 *   not stored: the contract's `attachments` column holds the URLs of the attached files, so each attachment may
 *   name the `url` it came from (e.g. the image URL of an mj task) and those URLs are what the row records.
 *
 * `sendLoggedEmail` answers the final row; problems of the mail (settings refused by the server, bad recipients,
 * unreadable attachments) end as a FAILED row, not as an exception. Only database errors throw.
 */
import { readFile } from 'node:fs/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type SMTPTransportOptions } from 'nodemailer';
import type { Db } from '../db/index';
import { sendEmailLog } from '../db/schema';
import { BizError, nextId } from '../util';
import {
  invalidRecipients,
  oneLine,
  smtpTransportOptions,
  splitRecipients,
  type EmailSettings,
  type SmtpTimeouts,
} from './smtp-settings';

/** `send_status` (dictionary `email_send_status`). */
export const SEND_STATUS = { PENDING: 0, SENT: 1, FAILED: 2 } as const;

/** Retries a row may have in all (docs/automation-domain.md §4.7). */
export const MAX_EMAIL_RETRIES = 3;

/** What triggered a mail (`biz_type`, dictionary `email_biz_type`). */
export type EmailBizType = 'MJ_RESULT' | 'ORDER_RECEIPT' | 'ALERT' | 'OTHER';

/** Attached files together at most: a bigger message is refused by common mailbox providers and held in memory. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export type SendEmailLogRow = typeof sendEmailLog.$inferSelect;

export interface EmailAttachment {
  filename: string;
  /** A file on this server, read when sending. */
  path?: string;
  content?: Buffer;
  /** Guessed from the file name when absent. */
  contentType?: string;
  /** Where the file came from (http or https), recorded in the row's `attachments`. */
  url?: string;
}

export interface SendEmailInput {
  tenantId: string;
  bizType: EmailBizType;
  bizId: string;
  appId?: bigint | null;
  settings: EmailSettings;
  /** Recipients instead of the configured ones (a list, or a string split on `,` `;` and white space). */
  to?: string | readonly string[];
  cc?: string | readonly string[];
  subject: string;
  /** HTML body. */
  html: string;
  attachments?: readonly EmailAttachment[];
  createUser?: bigint | null;
}

/** The part of nodemailer's transporter a send uses. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<unknown>;
  close(): void;
}

/** What tests replace. */
export interface SendEmailDeps {
  /** One transport per attempt (default: nodemailer's SMTP transport). */
  createTransport?: (options: SMTPTransportOptions) => MailTransport;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Wait before the `n`-th retry of this send (1, 2, 3): 1 s, 2 s, 4 s by default. */
  backoffMs?: (n: number) => number;
  timeouts?: Partial<SmtpTimeouts>;
}

export interface RetryEmailOptions extends SendEmailDeps {
  /** The files to attach again (the row keeps only their URLs); none when absent. */
  attachments?: readonly EmailAttachment[];
  updateUser?: bigint | null;
}

/** An attempt's failure: whether another attempt may succeed, and the operator's message. */
export interface SendFailure {
  transient: boolean;
  message: string;
}

/* ------------------------------------------------------------------ limits of the row's columns */

const LIMITS = {
  bizType: 16,
  bizId: 64,
  smtpHost: 128,
  fromAddress: 128,
  fromName: 64,
  address: 512,
  subject: 255,
  content: 65_535,
  errorMsg: 500,
  url: 512,
  urls: 20,
} as const;

/** At most `n` characters (code points, as PostgreSQL counts them). */
function clip(s: string, n: number): string {
  if (s.length <= n) return s;
  const chars = Array.from(s);
  return chars.length <= n ? s : chars.slice(0, n).join('');
}

/* ------------------------------------------------------------------ error messages */

type Json = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The password as it could appear in a reply or a message: as typed, and base64 the way AUTH LOGIN/PLAIN send it. */
function secretsOf(s: EmailSettings): string[] {
  if (!s.password) return [];
  const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');
  return [
    s.password,
    b64(s.password),
    b64(`\u0000${s.username}\u0000${s.password}`),
    b64(`${s.username}\u0000${s.username}\u0000${s.password}`),
  ].sort((a, b) => b.length - a.length);
}

/** Without the password, control characters or excess length. */
export function scrubSecrets(text: string, s: EmailSettings): string {
  let out = text;
  for (const secret of secretsOf(s)) out = out.split(secret).join('***');
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u001f\u007f]+/gu, ' ').trim();
}

const TLS_TROUBLE = /ssl|tls|cert|wrong version|self[- ]signed|handshake/iu;
const PORT_HINT = '请确认端口：465 为 SSL，587/25 为 STARTTLS';

/**
 * Transient or permanent, and what to tell the operator, for an error of nodemailer (docs/automation-domain.md §3.8:
 * 535 authentication, 550 mailbox unavailable, 554 rejected as spam). SMTP 4xx replies and connection trouble are
 * transient; 5xx replies, a failed login, a failed TLS set-up and bad addresses are permanent.
 */
export function describeSendError(err: unknown, s: EmailSettings): SendFailure {
  const e: Json = err && typeof err === 'object' ? (err as Json) : {};
  const code = str(e.code);
  const originalCode = str(e.originalCode);
  const rc = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const command = (str(e.command) ?? '').toUpperCase();
  const reply = str(e.response);
  const detail = str(e.message) ?? String(err);
  const withReply = (text: string) => (reply ? `${text}。服务器答复：${reply}` : text);
  const result = (transient: boolean, text: string): SendFailure => ({
    transient,
    message: clip(scrubSecrets(text, s), LIMITS.errorMsg),
  });

  if (rc !== undefined && rc >= 400 && rc < 500)
    return result(true, withReply(`SMTP 服务器暂时不可用（${rc}）`));
  if (code === 'ETLS' || command === 'STARTTLS')
    return command === 'STARTTLS'
      ? result(
          false,
          `SMTP 服务器 ${s.server} 不支持 STARTTLS 加密，为保护密码未发送；请改用 465 端口（SSL）`,
        )
      : result(false, `与 SMTP 服务器 ${s.server} 建立加密连接失败，${PORT_HINT}`);
  if (code === 'EAUTH' || rc === 535 || rc === 534 || rc === 530)
    return result(
      false,
      withReply(`SMTP 登录失败${rc ? `（${rc}）` : ''}：请检查 SMTP 账号和密码（QQ/163 邮箱应填写授权码）`),
    );
  if (rc !== undefined && rc >= 500) {
    if (command.startsWith('MAIL'))
      return result(false, withReply(`发件人被拒绝（${rc}）：请确认发件人邮箱与 SMTP 账号一致`));
    if (command.startsWith('RCPT') || rc === 550)
      return result(false, withReply(`收件人邮箱不可用（${rc}）`));
    if (rc === 554) return result(false, withReply('邮件被拒收（554），可能被判为垃圾邮件'));
    return result(false, withReply(`SMTP 服务器拒绝发送（${rc}）`));
  }
  switch (code) {
    case 'ENOAUTH':
      return result(false, '缺少 SMTP 账号或密码');
    case 'ETIMEDOUT':
      return result(true, `连接 SMTP 服务器 ${s.server} 超时`);
    case 'EDNS':
      return originalCode === 'ENOTFOUND' || originalCode === 'ENODATA'
        ? result(false, `找不到 SMTP 服务器 ${s.host}，请检查服务器地址`)
        : result(true, `解析 SMTP 服务器地址 ${s.host} 失败`);
    case 'ESOCKET':
    case 'ECONNECTION':
      if (TLS_TROUBLE.test(`${originalCode ?? ''} ${detail}`))
        return result(false, `与 SMTP 服务器 ${s.server} 建立加密连接失败，${PORT_HINT}`);
      return originalCode === 'ECONNREFUSED'
        ? result(true, `无法连接 SMTP 服务器 ${s.server}（连接被拒绝）`)
        : result(true, `与 SMTP 服务器 ${s.server} 的连接中断`);
    case 'EENVELOPE':
      return result(false, withReply('收件人或发件人地址无效'));
    default:
      return result(false, `发送失败：${detail}`);
  }
}

/* ------------------------------------------------------------------ the message */

interface PreparedMail {
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType?: string }[];
}

/** The recipients of a send, or why they cannot be used. */
function recipientsOf(
  value: string | readonly string[] | undefined,
  fallback: readonly string[],
  what: string,
): string[] | SendFailure {
  const list = value === undefined ? [...fallback] : splitRecipients(value);
  if (list.length === 0) return { transient: false, message: `缺少${what}` };
  const bad = invalidRecipients(list);
  if (bad.length > 0)
    return { transient: false, message: clip(`${what}邮箱无效：${bad.join('，')}`, LIMITS.errorMsg) };
  if (list.join(',').length > LIMITS.address)
    return { transient: false, message: `${what}过多：地址合计超过 ${LIMITS.address} 个字符` };
  return list;
}

const isFailure = (v: unknown): v is SendFailure =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'transient' in v;

/** The `attachments` column: the attachments' http(s) URLs. */
const recordedUrls = (list: readonly EmailAttachment[] | undefined): string[] =>
  (list ?? [])
    .map((a) => a.url?.trim() ?? '')
    .filter((u) => /^https?:\/\//iu.test(u) && u.length <= LIMITS.url)
    .slice(0, LIMITS.urls);

/** The attachments' bytes, or why they cannot be sent (the file's path is not told: the log is the tenant's). */
async function loadAttachments(
  list: readonly EmailAttachment[] | undefined,
): Promise<PreparedMail['attachments'] | SendFailure> {
  const out: PreparedMail['attachments'] = [];
  let total = 0;
  for (const a of list ?? []) {
    const filename = oneLine(a.filename) || 'attachment';
    let content: Buffer;
    if (a.content !== undefined) content = a.content;
    else if (a.path) {
      try {
        content = await readFile(a.path);
      } catch {
        return { transient: false, message: clip(`附件读取失败：${filename}`, LIMITS.errorMsg) };
      }
    } else return { transient: false, message: clip(`附件没有内容：${filename}`, LIMITS.errorMsg) };
    total += content.byteLength;
    if (total > MAX_ATTACHMENT_BYTES)
      return { transient: false, message: `附件过大：合计超过 ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB` };
    out.push({ filename, content, ...(a.contentType ? { contentType: a.contentType } : {}) });
  }
  return out;
}

function mailOf(settings: EmailSettings, mail: PreparedMail): SendMailOptions {
  return {
    from: settings.fromName
      ? { name: settings.fromName, address: settings.fromAddress }
      : settings.fromAddress,
    to: mail.to,
    ...(mail.cc.length > 0 ? { cc: mail.cc } : {}),
    subject: mail.subject,
    html: mail.html,
    attachments: mail.attachments,
  };
}

/* ------------------------------------------------------------------ status writes */

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const defaultBackoff = (n: number) => 1000 * 2 ** (n - 1);
const nodemailerTransport = (options: SMTPTransportOptions): MailTransport =>
  nodemailer.createTransport(options);

async function currentRow(db: Db, id: bigint): Promise<SendEmailLogRow> {
  const [row] = await db.select().from(sendEmailLog).where(eq(sendEmailLog.id, id));
  if (!row) throw new BizError('数据不存在');
  return row;
}

/** Writes `values` if the row is still pending; answers the row as it then is. */
async function writePending(
  db: Db,
  id: bigint,
  values: Partial<typeof sendEmailLog.$inferInsert>,
): Promise<{ row: SendEmailLogRow; written: boolean }> {
  const [row] = await db
    .update(sendEmailLog)
    .set(values)
    .where(and(eq(sendEmailLog.id, id), eq(sendEmailLog.sendStatus, SEND_STATUS.PENDING)))
    .returning();
  return row ? { row, written: true } : { row: await currentRow(db, id), written: false };
}

/** Accepted recipients aside, those the server refused (nodemailer sends when at least one is accepted). */
function refusedOf(info: unknown): string[] {
  const r = info && typeof info === 'object' ? (info as Json).rejected : undefined;
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
}

/** Sends a pending row's mail with its retries and writes the outcome. */
async function deliver(
  db: Db,
  row: SendEmailLogRow,
  settings: EmailSettings,
  mail: PreparedMail,
  deps: SendEmailDeps,
  updateUser: bigint | null,
): Promise<SendEmailLogRow> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? defaultSleep;
  const backoff = deps.backoffMs ?? defaultBackoff;
  const create = deps.createTransport ?? nodemailerTransport;
  const message = mailOf(settings, mail);
  let retries = row.retryCount;
  for (let round = 1; ; round++) {
    let failure: SendFailure | undefined;
    let refused: string[] = [];
    const transport = create(smtpTransportOptions(settings, deps.timeouts));
    try {
      refused = refusedOf(await transport.sendMail(message));
    } catch (e) {
      failure = describeSendError(e, settings);
    } finally {
      transport.close();
    }
    if (!failure) {
      const note = refused.length > 0 ? `部分收件人被拒绝：${refused.join('，')}` : '';
      return (
        await writePending(db, row.id, {
          sendStatus: SEND_STATUS.SENT,
          sendTime: now(),
          errorMsg: clip(note, LIMITS.errorMsg),
          retryCount: retries,
          updateTime: now(),
          updateUser,
        })
      ).row;
    }
    if (!failure.transient || retries >= MAX_EMAIL_RETRIES) {
      return (
        await writePending(db, row.id, {
          sendStatus: SEND_STATUS.FAILED,
          errorMsg: failure.message,
          retryCount: retries,
          updateTime: now(),
          updateUser,
        })
      ).row;
    }
    retries += 1;
    // the retry is counted before it is made, with the reason, so the row shows it while waiting
    const step = await writePending(db, row.id, {
      retryCount: retries,
      errorMsg: failure.message,
      updateTime: now(),
      updateUser,
    });
    if (!step.written) return step.row;
    await sleep(backoff(round));
  }
}

/** Ends a pending row as FAILED without contacting the server (the mail itself cannot be sent). */
async function failAtOnce(
  db: Db,
  row: SendEmailLogRow,
  failure: SendFailure,
  now: Date,
  updateUser: bigint | null,
): Promise<SendEmailLogRow> {
  return (
    await writePending(db, row.id, {
      sendStatus: SEND_STATUS.FAILED,
      errorMsg: failure.message,
      updateTime: now,
      updateUser,
    })
  ).row;
}

/* ------------------------------------------------------------------ the API */

/**
 * Sends one mail with the given settings and logs it in `smart_send_email_log` (see the head of this file).
 * Answers the final row: SENT, or FAILED with `error_msg`.
 */
export async function sendLoggedEmail(
  db: Db,
  input: SendEmailInput,
  deps: SendEmailDeps = {},
): Promise<SendEmailLogRow> {
  const now = deps.now ?? (() => new Date());
  const { settings } = input;
  const to = recipientsOf(input.to, settings.recipients, '收件人');
  const cc = input.cc === undefined ? [] : recipientsOf(input.cc, [], '抄送人');
  const subject = oneLine(input.subject);
  const at = now();
  const user = input.createUser ?? null;
  const [row] = await db
    .insert(sendEmailLog)
    .values({
      id: nextId(),
      tenantId: input.tenantId,
      bizType: clip(input.bizType, LIMITS.bizType),
      bizId: clip(input.bizId, LIMITS.bizId),
      appId: input.appId ?? null,
      smtpHost: clip(settings.server, LIMITS.smtpHost),
      fromAddress: clip(settings.fromAddress, LIMITS.fromAddress),
      fromName: clip(settings.fromName, LIMITS.fromName),
      // invalid recipients are recorded as given, so the row shows what was asked
      toAddress: clip(
        isFailure(to) ? splitRecipients(input.to ?? settings.recipients).join(',') : to.join(','),
        LIMITS.address,
      ),
      ccAddress: clip(
        isFailure(cc) ? splitRecipients(input.cc ?? []).join(',') : cc.join(','),
        LIMITS.address,
      ),
      subject: clip(subject, LIMITS.subject),
      // the log keeps the body as the contract bounds it; a longer one is still sent whole
      content: clip(input.html, LIMITS.content),
      attachments: recordedUrls(input.attachments),
      sendStatus: SEND_STATUS.PENDING,
      retryCount: 0,
      createUser: user,
      updateUser: user,
      createTime: at,
      updateTime: at,
    })
    .returning();
  if (!row) throw new Error('insert into smart_send_email_log returned no row');
  if (isFailure(to)) return failAtOnce(db, row, to, now(), user);
  if (isFailure(cc)) return failAtOnce(db, row, cc, now(), user);
  const attachments = await loadAttachments(input.attachments);
  if (isFailure(attachments)) return failAtOnce(db, row, attachments, now(), user);
  return deliver(db, row, settings, { to, cc, subject, html: input.html, attachments }, deps, user);
}

/**
 * Sends a FAILED row of the tenant again with `settings` (e.g. after the operator fixed the password): claims it
 * back to PENDING with `retry_count + 1` in one conditional update, then sends as `sendLoggedEmail` does, to the
 * row's recipients, subject and body. `BizError` (400): `数据不存在` for an unknown id (or another tenant's),
 * `仅发送失败的邮件可以重发` for a row that is not FAILED, `重发次数已达上限（3 次）` when its retries are used up.
 */
export async function retryEmailLog(
  db: Db,
  tenantId: string,
  logId: bigint,
  settings: EmailSettings,
  options: RetryEmailOptions = {},
): Promise<SendEmailLogRow> {
  const now = options.now ?? (() => new Date());
  const user = options.updateUser ?? null;
  const mine = and(
    eq(sendEmailLog.id, logId),
    eq(sendEmailLog.tenantId, tenantId),
    eq(sendEmailLog.isDeleted, 0),
  );
  const [claimed] = await db
    .update(sendEmailLog)
    .set({
      sendStatus: SEND_STATUS.PENDING,
      retryCount: sql`${sendEmailLog.retryCount} + 1`,
      errorMsg: '',
      smtpHost: clip(settings.server, LIMITS.smtpHost),
      fromAddress: clip(settings.fromAddress, LIMITS.fromAddress),
      fromName: clip(settings.fromName, LIMITS.fromName),
      // what this send attaches (the bytes of the first send were not kept)
      attachments: recordedUrls(options.attachments),
      updateTime: now(),
      updateUser: user,
    })
    .where(
      and(
        mine,
        eq(sendEmailLog.sendStatus, SEND_STATUS.FAILED),
        lt(sendEmailLog.retryCount, MAX_EMAIL_RETRIES),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db.select().from(sendEmailLog).where(mine);
    if (!row) throw new BizError('数据不存在');
    if (row.sendStatus !== SEND_STATUS.FAILED) throw new BizError('仅发送失败的邮件可以重发');
    throw new BizError(`重发次数已达上限（${MAX_EMAIL_RETRIES} 次）`);
  }
  const to = recipientsOf(claimed.toAddress, [], '收件人');
  if (isFailure(to)) return failAtOnce(db, claimed, to, now(), user);
  const cc = claimed.ccAddress ? recipientsOf(claimed.ccAddress, [], '抄送人') : [];
  if (isFailure(cc)) return failAtOnce(db, claimed, cc, now(), user);
  const attachments = await loadAttachments(options.attachments);
  if (isFailure(attachments)) return failAtOnce(db, claimed, attachments, now(), user);
  return deliver(
    db,
    claimed,
    settings,
    { to, cc, subject: claimed.subject, html: claimed.content, attachments },
    options,
    user,
  );
}
