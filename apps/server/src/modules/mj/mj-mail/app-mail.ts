/**
 * The result mail of an mj app (docs/automation-domain.md §1.5, §3.8): the app's delivery settings (`mjjAppConfig`,
 * the newest enabled one of the app) carry the SMTP account and the mail's recipients, subject and body; a finished
 * drawing is mailed with its image attached, every attempt logged in `send_email_log` (src/mail/send-email.ts).
 * The SMTP password is an x-secret of the settings, sealed at rest (src/kernel/entity-secrets.ts): opened here only.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/index';
import { mjjAppConfig, sendEmailLog } from '../../../db/schema';
import { entitySecretBox, revealSecret } from '../../../kernel/entity-secrets';
import type { SecretBox } from '../../../kernel/secret-box';
import { sendLoggedEmail, type EmailAttachment, type SendEmailLogRow } from '../../../mail/send-email';
import { parseEmailSettings, type EmailSettings } from '../../../mail/smtp-settings';
import { BizError, escapeHtml, nextId } from '../../../util';

/** An image larger than this is linked, not attached. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 10_000;

const boxes = new WeakMap<Db, SecretBox>();
function boxOf(db: Db): SecretBox {
  let b = boxes.get(db);
  if (!b) boxes.set(db, (b = entitySecretBox(db)));
  return b;
}

export type AppConfigRow = typeof mjjAppConfig.$inferSelect;

/** The app's newest enabled delivery settings, or undefined. */
export async function appConfigOf(
  db: Db,
  tenantId: string,
  appId: bigint,
): Promise<AppConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(mjjAppConfig)
    .where(
      and(
        eq(mjjAppConfig.tenantId, tenantId),
        eq(mjjAppConfig.appId, appId),
        eq(mjjAppConfig.isDeleted, 0),
        eq(mjjAppConfig.status, 1),
      ),
    )
    .orderBy(desc(mjjAppConfig.updateTime), desc(mjjAppConfig.id))
    .limit(1);
  return row;
}

/** Whether the settings ask for a mail at all: an SMTP server and a recipient (else the app mails nothing). */
export function wantsMail(config: AppConfigRow): boolean {
  const c = (config.emailConfig ?? {}) as Record<string, unknown>;
  return typeof c.smtpServer === 'string' && c.smtpServer.trim() !== '' && typeof c.mailRecipient === 'string'
    ? c.mailRecipient.trim() !== ''
    : false;
}

/** The parsed settings with the password opened; a BizError names what is missing or wrong. */
export async function mailSettingsOf(db: Db, config: AppConfigRow): Promise<EmailSettings> {
  const c = { ...((config.emailConfig ?? {}) as Record<string, unknown>) };
  if (typeof c.smtpPassword === 'string') c.smtpPassword = await revealSecret(boxOf(db), c.smtpPassword);
  return parseEmailSettings(c);
}

/** A mail the settings could not send (an account left empty): a FAILED row with the reason, for the e-mail log. */
async function logUnsendable(
  db: Db,
  d: DrawingMail,
  config: AppConfigRow,
  reason: string,
): Promise<SendEmailLogRow> {
  const c = (config.emailConfig ?? {}) as Record<string, unknown>;
  const text = (k: string, max: number) => (typeof c[k] === 'string' ? (c[k] as string).slice(0, max) : '');
  const now = new Date();
  const [row] = await db
    .insert(sendEmailLog)
    .values({
      id: nextId(),
      tenantId: d.tenantId,
      bizType: 'MJ_RESULT',
      bizId: d.bizId,
      appId: d.appId,
      smtpHost: text('smtpServer', 128),
      fromAddress: text('mailSender', 128),
      fromName: text('mailSenderName', 64),
      toAddress: text('mailRecipient', 512),
      subject: text('mailSubject', 255),
      sendStatus: 2,
      errorMsg: reason.slice(0, 500),
      createTime: now,
      updateTime: now,
    })
    .returning();
  return row!;
}

/** The image as an attachment, when it can be fetched in time and is not too large; else the mail only links it. */
async function imageAttachment(url: string, name: string): Promise<EmailAttachment | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) return undefined;
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_IMAGE_BYTES) return undefined;
    const content = Buffer.from(await res.arrayBuffer());
    if (content.length > MAX_IMAGE_BYTES) return undefined;
    const type = res.headers.get('content-type')?.split(';')[0]?.trim() || 'image/png';
    const ext = type === 'image/jpeg' ? 'jpg' : type === 'image/webp' ? 'webp' : 'png';
    return { filename: `${name}.${ext}`, content, contentType: type, url };
  } catch {
    return undefined;
  }
}

export interface DrawingMail {
  tenantId: string;
  appId: bigint;
  /** The drawing (prompt row) id. */
  bizId: string;
  prompt: string;
  imageUrl: string;
}

/**
 * Mails a finished drawing to the app's recipients, when its settings ask for it; answers the log row, or undefined
 * when the app mails nothing. Settings that cannot be used (an account left empty) are logged as a failed send with
 * the reason, which the e-mail log shows.
 */
export async function mailDrawing(db: Db, d: DrawingMail): Promise<SendEmailLogRow | undefined> {
  const config = await appConfigOf(db, d.tenantId, d.appId);
  if (!config || !wantsMail(config)) return undefined;
  let settings: EmailSettings;
  try {
    settings = await mailSettingsOf(db, config);
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    return logUnsendable(db, d, config, e.message);
  }
  const attachment = await imageAttachment(d.imageUrl, `mj-${d.bizId}`);
  const html =
    `${settings.body || ''}` +
    `<p>${escapeHtml(d.prompt)}</p>` +
    `<p><a href="${escapeHtml(d.imageUrl)}">${escapeHtml(d.imageUrl)}</a></p>`;
  return sendLoggedEmail(db, {
    tenantId: d.tenantId,
    bizType: 'MJ_RESULT',
    bizId: d.bizId,
    appId: d.appId,
    settings,
    subject: settings.subject || '绘图结果',
    html,
    ...(attachment ? { attachments: [attachment] } : {}),
  });
}
