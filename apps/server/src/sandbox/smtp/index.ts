/**
 * The sandbox mailbox: a local SMTP sink (docs/automation-domain.md §3.8, "Fake") that accepts what src/mail sends
 * and keeps it in memory, for `npm start` without a mail account and for tests. Nothing is delivered anywhere.
 *
 * - Listens on 127.0.0.1 only, port 0 (a free one) unless told. Plain SMTP: no TLS at all (STARTTLS is neither
 *   offered nor accepted) and AUTH allowed unencrypted — it is this machine talking to itself. Settings pointing at
 *   it (`smtpServer` = `127.0.0.1:<port>`) are sent without TLS because src/mail/smtp-settings.ts speaks plain SMTP
 *   to a loopback host on any port but 465 (`isSandboxSmtp` tells such a host).
 * - AUTH PLAIN or LOGIN is required and accepts any user and password, except the password `wrong` or a user name
 *   starting `sandbox-535`: 535. A recipient whose local part is `sandbox-550` is refused with 550.
 * - `failNext(code, times)` makes the next `times` commands of a stage answer `code` (tests: 421 for a transient
 *   failure, 554 for spam). The stage follows from the code: 530/534/535 at AUTH, 550/551/553 at RCPT TO, 552/554
 *   after DATA, any other code at MAIL FROM; a third argument names it explicitly.
 * - Keeps the 200 newest messages, parsed (mailparser): decoded subject and display names, HTML, text, and the
 *   attachments' names, types and sizes (not their bytes).
 *
 * `registerSmtpSinkRoutes` (./pages.ts) shows them under `/sandbox-mail/`. Nothing in production code imports this
 * folder.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { isLoopbackSmtpHost } from '../../mail/smtp-settings';
import { registerSmtpSinkRoutes } from './pages';

export { registerSmtpSinkRoutes, SANDBOX_MAIL_PATH } from './pages';

/** The only address the sink listens on. */
export const SANDBOX_SMTP_HOST = '127.0.0.1';

/** Whether settings with this SMTP host reach a local sink (and are therefore sent without TLS). */
export const isSandboxSmtp = (host: string): boolean => isLoopbackSmtpHost(host);

/** Messages kept. */
export const SINK_CAPACITY = 200;

/** Largest message accepted (advertised as SIZE; bigger ones get 552). */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

export interface SinkAttachment {
  filename: string;
  contentType: string;
  size: number;
}

export interface SinkMessage {
  id: string;
  receivedAt: Date;
  /** The From header as text, e.g. `MJ 绘图 <mj@example.com>`. */
  from: string;
  fromName: string;
  fromAddress: string;
  /** The envelope's recipients (RCPT TO): who received it, Cc and Bcc included. */
  to: string[];
  /** The AUTH user. */
  user: string;
  subject: string;
  /** '' for a message without an HTML part. */
  html: string;
  text: string;
  attachments: SinkAttachment[];
}

export type SinkStage = 'AUTH' | 'MAIL' | 'RCPT' | 'DATA';

export interface SmtpSink {
  port: number;
  host: string;
  /** Newest first, at most 200. */
  messages(): readonly SinkMessage[];
  message(id: string): SinkMessage | undefined;
  /** Answers `code` to the next `times` commands of a stage (see the head of this file); for tests. */
  failNext(code: number, times: number, stage?: SinkStage): void;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** 0 (the default) for a free port. */
  port?: number;
  host?: typeof SANDBOX_SMTP_HOST;
}

const stageOf = (code: number): SinkStage =>
  [530, 534, 535].includes(code)
    ? 'AUTH'
    : [550, 551, 553].includes(code)
      ? 'RCPT'
      : [552, 554].includes(code)
        ? 'DATA'
        : 'MAIL';

const REASONS: Record<number, string> = {
  421: 'Sandbox: service not available, try again later',
  450: 'Sandbox: mailbox busy, try again later',
  451: 'Sandbox: local error, try again later',
  452: 'Sandbox: insufficient storage, try again later',
  535: 'Sandbox: authentication credentials invalid',
  550: 'Sandbox: mailbox unavailable',
  552: 'Sandbox: message too big',
  554: 'Sandbox: message rejected as spam',
};

const smtpError = (code: number, message = REASONS[code] ?? `Sandbox: forced ${code}`) =>
  Object.assign(new Error(message), { responseCode: code });

const addressText = (a: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(a) ? a.map((x) => x.text).join(', ') : a?.text) ?? '';

/** Starts a sink on 127.0.0.1 (see the head of this file). */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const host = opts.host ?? SANDBOX_SMTP_HOST;
  const stored: SinkMessage[] = [];
  const failures: { code: number; left: number; stage: SinkStage }[] = [];

  /** The forced code for this stage, if one is due (used up once answered). */
  const forced = (stage: SinkStage): number | undefined => {
    const f = failures.find((x) => x.stage === stage && x.left > 0);
    if (!f) return undefined;
    f.left -= 1;
    if (f.left === 0) failures.splice(failures.indexOf(f), 1);
    return f.code;
  };

  async function receive(stream: SMTPServerDataStream, user: string, to: string[]): Promise<string> {
    const parsed = await simpleParser(stream, { skipImageLinks: true, keepCidLinks: true });
    if (stream.sizeExceeded) throw smtpError(552);
    const from = parsed.from?.value[0];
    const message: SinkMessage = {
      id: randomBytes(8).toString('hex'),
      receivedAt: new Date(),
      from: addressText(parsed.from),
      fromName: from?.name ?? '',
      fromAddress: from?.address ?? '',
      to,
      user,
      subject: parsed.subject ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      text: parsed.text ?? '',
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? '',
        contentType: a.contentType,
        size: a.size,
      })),
    };
    stored.unshift(message);
    if (stored.length > SINK_CAPACITY) stored.length = SINK_CAPACITY;
    return message.id;
  }

  const server = new SMTPServer({
    secure: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: false,
    size: MAX_MESSAGE_BYTES,
    banner: 'Sandbox mailbox: nothing is delivered',
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      const code = forced('AUTH');
      const user = auth.username ?? '';
      if (code !== undefined) return callback(smtpError(code));
      if (auth.password === 'wrong' || user.startsWith('sandbox-535')) return callback(smtpError(535));
      return callback(null, { user });
    },
    onMailFrom(_address, _session, callback) {
      const code = forced('MAIL');
      callback(code === undefined ? null : smtpError(code));
    },
    onRcptTo(address, _session, callback) {
      const code = forced('RCPT');
      if (code !== undefined) return callback(smtpError(code));
      if (/^sandbox-550@/iu.test(address.address)) return callback(smtpError(550));
      return callback(null);
    },
    onData(stream, session, callback) {
      const code = forced('DATA');
      if (code !== undefined) {
        // the message must be read to its end before the answer
        stream.on('end', () => callback(smtpError(code)));
        stream.resume();
        return;
      }
      const user = typeof session.user === 'string' ? session.user : '';
      const to = session.envelope.rcptTo.map((r) => r.address);
      receive(stream, user, to).then(
        (id) => callback(null, `Ok: stored as ${id} (sandbox, not delivered)`),
        (e: unknown) => {
          stream.resume();
          callback(
            e instanceof Error && 'responseCode' in e ? e : smtpError(451, 'Sandbox: could not parse'),
          );
        },
      );
    },
  });
  // a client's misbehaviour is the client's affair; without a listener the error would end the process
  server.on('error', () => undefined);

  await new Promise<void>((resolve, reject) => {
    const failed = (e: Error) => reject(e);
    server.server.once('error', failed);
    server.listen(opts.port ?? 0, host, () => {
      server.server.off('error', failed);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;

  return {
    port,
    host,
    messages: () => stored.slice(),
    message: (id) => stored.find((m) => m.id === id),
    failNext(code, times, stage) {
      if (!Number.isInteger(code) || code < 400 || code > 599)
        throw new Error(`not an SMTP error code: ${code}`);
      if (times > 0) failures.push({ code, left: times, stage: stage ?? stageOf(code) });
    },
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}

/**
 * Starts a sink and shows it under `/sandbox-mail/` on `app` (call before the app is ready); the sink closes with
 * the app.
 */
export async function mountSmtpSink(app: FastifyInstance, opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink = await startSmtpSink(opts);
  registerSmtpSinkRoutes(app, sink);
  app.addHook('onClose', async () => sink.close());
  return sink;
}
