/**
 * The SMTP settings of an mj app config (`emailConfig`: openapi/schemas/mj/mj-app-config.yaml), checked once and
 * turned into nodemailer's SMTP transport options (docs/automation-domain.md §3.8).
 *
 * - `smtpServer` is `host` or `host:port` (`[v6]:port` for an IPv6 literal). Port 465 is implicit TLS; any other
 *   port connects in plain text and must upgrade with STARTTLS before the login is sent.
 * - Without a port, 465: §3.8 names QQ/163 mailboxes, whose SMTP servers take implicit TLS on 465 (the contract's
 *   example is `smtp.qq.com:465`), and 465 encrypts from the first byte, so a missing port can never mean sending
 *   the authorisation code in clear text. A server that wants 587 or 25 says so with the port.
 * - STARTTLS is required, not merely tried, on a port other than 465: when the server does not offer it the send
 *   fails (permanently, with a message telling to use 465) rather than logging in unencrypted; someone between us
 *   and the server could otherwise strip the offer and read the password.
 * - A loopback host (127.0.0.0/8, ::1, localhost) is this machine: the local sandbox sink (src/sandbox/smtp, no TLS
 *   at all) or a local relay. There nothing crosses a network, so a port other than 465 is spoken in plain text and
 *   STARTTLS is not even tried (`isLoopbackSmtpHost`; the sandbox re-exports it as `isSandboxSmtp`).
 * - Short timeouts: a send runs inside a request or a job and is retried on a timeout (./send-email.ts); a server
 *   that does not answer within seconds is better reported than waited for.
 *
 * The password given here is the opened secret (the config stores it sealed and reads answer it masked): the caller
 * opens it. It never appears in an error message of this module or of ./send-email.ts.
 */
import { BlockList, isIP } from 'node:net';
import type { SMTPTransportOptions } from 'nodemailer';
import { BizError } from '../util';

/** The fields of `emailConfig` (openapi/schemas/mj/mj-app-config.yaml), all strings. */
export interface EmailConfig {
  mailSender: string;
  mailSenderName: string;
  mailRecipient: string;
  mailSubject: string;
  mailBody: string;
  smtpServer: string;
  smtpUsername: string;
  smtpPassword: string;
}

/** How the connection is protected. */
export type SmtpTlsMode = 'implicit' | 'starttls' | 'none';

/** Checked settings, as `parseEmailSettings` answers them. */
export interface EmailSettings {
  /** Host name or IP address (an IPv6 literal without brackets). */
  host: string;
  port: number;
  /** `host:port` (`[v6]:port`), what the log's `smtp_host` records. */
  server: string;
  tls: SmtpTlsMode;
  username: string;
  password: string;
  fromAddress: string;
  /** Display name of the sender, '' for none. */
  fromName: string;
  /** The configured recipients: at least one, each valid, no duplicates. */
  recipients: string[];
  subject: string;
  /** HTML. */
  body: string;
}

/** Port used when `smtpServer` has none (see the head of this file). */
export const DEFAULT_SMTP_PORT = 465;

/** Timeouts of one connection, in ms. */
export interface SmtpTimeouts {
  /** To open the TCP (and, on 465, TLS) connection. */
  connectionTimeout: number;
  /** For the server's greeting once connected. */
  greetingTimeout: number;
  /** Of silence on an open connection (e.g. waiting for the answer to the message's final dot). */
  socketTimeout: number;
}

export const SMTP_TIMEOUTS: Readonly<SmtpTimeouts> = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
};

const INCOMPLETE = '邮件配置不完整';
const INVALID = '邮件配置有误';

/** The longest address SMTP carries (a path is at most 256 octets with its angle brackets). */
const MAX_ADDRESS = 254;

/**
 * An address as this platform accepts it: ASCII local part of the usual "atom" characters (no quotes, spaces,
 * angle brackets or commas, so nothing can split a header or an envelope), a domain of letters (Unicode ones too),
 * digits and hyphens with at least one dot. Stricter than the mail standards allow, on purpose.
 */
const ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

export function isValidEmailAddress(value: string): boolean {
  return value.length <= MAX_ADDRESS && ADDRESS.test(value);
}

/**
 * Recipients as written (`a@x.com, b@y.com; c@z.com` or a list): split on `,` `;` and white space — their
 * full-width forms `，` `；` `、` too, as a Chinese keyboard types them — trimmed, duplicates dropped.
 */
export function splitRecipients(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((v) => v.split(/[,;，；、\s]+/u));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const a = p.trim();
    if (!a || seen.has(a.toLowerCase())) continue;
    seen.add(a.toLowerCase());
    out.push(a);
  }
  return out;
}

/** The recipients that `isValidEmailAddress` refuses, in order. */
export const invalidRecipients = (list: readonly string[]): string[] =>
  list.filter((a) => !isValidEmailAddress(a));

/** Line breaks and other control characters as spaces: a subject or a display name is one header line. */
export const oneLine = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001f\u007f]+/gu, ' ').trim();

const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/u;

/** `host`, `host:port` or `[v6]` / `[v6]:port` → host and port; a `BizError` (400) for anything else. */
export function parseSmtpServer(value: string): { host: string; port: number } {
  const v = value.trim();
  if (!v) throw new BizError(`${INCOMPLETE}：缺少 SMTP 服务器`);
  const bad = () => new BizError(`${INVALID}：SMTP 服务器应写作 主机 或 主机:端口，如 smtp.qq.com:465`);
  let host: string;
  let portText: string | undefined;
  const v6 = /^\[([0-9A-Fa-f:.]+)\](?::(\d*))?$/u.exec(v);
  if (v6) {
    host = v6[1]!;
    portText = v6[2];
    if (isIP(host) !== 6) throw bad();
  } else {
    const m = /^([^:\s]+)(?::(\d*))?$/u.exec(v);
    if (!m) throw bad();
    host = m[1]!;
    portText = m[2];
    if (!HOST_NAME.test(host) && isIP(host) !== 4) throw bad();
  }
  if (portText === undefined) return { host, port: DEFAULT_SMTP_PORT };
  const port = /^\d{1,5}$/u.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new BizError(`${INVALID}：SMTP 端口应为 1–65535 的数字`);
  return { host, port };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Whether `host` is this machine: 127.0.0.0/8, ::1 (also written out or IPv4-mapped) or localhost. */
export function isLoopbackSmtpHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/u, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const family = isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

const tlsModeOf = (host: string, port: number): SmtpTlsMode =>
  port === 465 ? 'implicit' : isLoopbackSmtpHost(host) ? 'none' : 'starttls';

const serverText = (host: string, port: number) => `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;

/** A field of the config as a string ('' when missing or not a string). */
const field = (c: Record<string, unknown>, k: keyof EmailConfig): string => {
  const v = c[k];
  return typeof v === 'string' ? v : '';
};

/**
 * Checks an mj app config's `emailConfig` (a JSON value as stored) and answers the settings a send uses. Throws a
 * `BizError` (400) with a message for the operator, e.g. `邮件配置不完整：缺少 SMTP 服务器`.
 */
export function parseEmailSettings(config: unknown): EmailSettings {
  if (!config || typeof config !== 'object' || Array.isArray(config))
    throw new BizError(`${INCOMPLETE}：请填写邮件配置`);
  const c = config as Record<string, unknown>;
  const { host, port } = parseSmtpServer(field(c, 'smtpServer'));
  const username = field(c, 'smtpUsername').trim();
  if (!username) throw new BizError(`${INCOMPLETE}：缺少 SMTP 账号`);
  // kept as typed: a password or an authorisation code may begin or end with a space
  const password = field(c, 'smtpPassword');
  if (!password) throw new BizError(`${INCOMPLETE}：缺少 SMTP 密码`);
  const fromAddress = field(c, 'mailSender').trim();
  if (!fromAddress) throw new BizError(`${INCOMPLETE}：缺少发件人邮箱`);
  if (!isValidEmailAddress(fromAddress)) throw new BizError(`${INVALID}：发件人邮箱无效：${fromAddress}`);
  const recipients = splitRecipients(field(c, 'mailRecipient'));
  if (recipients.length === 0) throw new BizError(`${INCOMPLETE}：缺少收件人`);
  const bad = invalidRecipients(recipients);
  if (bad.length > 0) throw new BizError(`${INVALID}：收件人邮箱无效：${bad.join('，')}`);
  return {
    host,
    port,
    server: serverText(host, port),
    tls: tlsModeOf(host, port),
    username,
    password,
    fromAddress,
    fromName: oneLine(field(c, 'mailSenderName')),
    recipients,
    subject: oneLine(field(c, 'mailSubject')),
    body: field(c, 'mailBody'),
  };
}

/** nodemailer's options for one connection with these settings (see the head of this file for the TLS rules). */
export function smtpTransportOptions(
  settings: EmailSettings,
  timeouts: Partial<SmtpTimeouts> = {},
): SMTPTransportOptions {
  const base: SMTPTransportOptions = {
    host: settings.host,
    port: settings.port,
    auth: { user: settings.username, pass: settings.password },
    ...SMTP_TIMEOUTS,
    ...timeouts,
    logger: false,
    debug: false,
    // a message carries its attachments as bytes (./send-email.ts reads the files): nodemailer itself must never
    // read a path or fetch a URL that a body or an attachment names
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  // the certificate is checked against the host name (SNI carries names only, not IP addresses)
  const tls = {
    ...(isIP(settings.host) ? {} : { servername: settings.host }),
    minVersion: 'TLSv1.2' as const,
  };
  switch (settings.tls) {
    case 'implicit':
      return { ...base, secure: true, tls };
    case 'starttls':
      return { ...base, secure: false, requireTLS: true, tls };
    case 'none':
      return { ...base, secure: false, ignoreTLS: true };
  }
}
