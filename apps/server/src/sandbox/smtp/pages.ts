/**
 * What a person sees of the sandbox mailbox (./index.ts): `GET /sandbox-mail/` lists the messages the sink received,
 * newest first; `GET /sandbox-mail/:id` shows one; `GET /sandbox-mail/messages.json` lists them as JSON. Every page
 * says plainly that nothing was delivered. Not part of any API: no token needed, mounted only with the sandbox.
 *
 * Everything from a message is untrusted (any local program may send to the sink): text is escaped, and the HTML
 * body is cleaned (sanitize-html: no scripts, styles, frames, forms or event attributes) and then shown in an
 * iframe `sandbox` without `allow-scripts` or `allow-same-origin`, under a policy allowing no script at all — each
 * of the three alone keeps the body's code from running on this server's origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import type { SinkMessage, SmtpSink } from './index';
import { escapeHtml } from '../../util';

export const SANDBOX_MAIL_PATH = '/sandbox-mail';

const BANNER = '沙箱邮箱 · 邮件未真正发出 / Sandbox mailbox — nothing was delivered';

/** No script anywhere; inline styles and images only (the srcdoc frame inherits this policy). */
const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: https: http:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

// the server's one HTML escape (src/util.ts)
export const esc = escapeHtml;

/** Elements dropped with their content (sanitize-html keeps the text of other dropped tags). */
const DROPPED_WITH_TEXT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'head',
];

const BODY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign'],
    th: ['colspan', 'rowspan', 'align', 'valign'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    font: ['color', 'size'],
    p: ['align'],
    div: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_TEXT,
};

/** A message's HTML body with nothing that runs (see the head of this file). */
export const safeBody = (html: string): string => sanitizeHtml(html, BODY_OPTIONS);

const enc = encodeURIComponent;

const pad = (n: number) => String(n).padStart(2, '0');
const timeText = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

const sizeText = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : n >= 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${n} B`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem}h2{font-size:1rem;margin-top:1.5rem}.muted{color:#6b7280;font-size:.875rem}
.banner{background:#fef3c7;padding:.5rem .75rem;border-radius:.4rem;font-size:.875rem;font-weight:600}
table{border-collapse:collapse;width:100%;font-size:.875rem}td,th{border-bottom:1px solid #e5e7eb;padding:.3rem .4rem;text-align:left;vertical-align:top}
th{color:#6b7280;font-weight:500}code{background:#f3f4f6;padding:0 .25rem;border-radius:.2rem}
iframe{width:100%;min-height:24rem;border:1px solid #e5e7eb;border-radius:.4rem}
pre{white-space:pre-wrap;background:#f9fafb;padding:.75rem;border-radius:.4rem;font-size:.8rem}
</style></head><body>
<p class="banner">${esc(BANNER)}</p>
${body}</body></html>`;
}

export function listPage(sink: SmtpSink): string {
  const rows = sink
    .messages()
    .map(
      (m) =>
        `<tr><td>${esc(timeText(m.receivedAt))}</td><td>${esc(m.from)}</td><td>${esc(m.to.join(', '))}</td>` +
        `<td><a href="${SANDBOX_MAIL_PATH}/${enc(m.id)}">${esc(m.subject || '（无主题）')}</a></td>` +
        `<td>${m.attachments.length || ''}</td></tr>`,
    )
    .join('');
  return layout(
    '沙箱邮箱',
    `<h1>沙箱邮箱</h1>
<p class="muted">SMTP 服务器 <code>${esc(`${sink.host}:${sink.port}`)}</code>（无加密），任意账号和密码均可登录；
密码 <code>wrong</code> 或账号以 <code>sandbox-535</code> 开头时返回 535，收件人 <code>sandbox-550@…</code> 返回 550。
只保留最近 200 封。</p>
<table><tr><th>时间</th><th>发件人</th><th>收件人</th><th>主题</th><th>附件</th></tr>${
      rows || '<tr><td class="muted" colspan="5">还没有邮件</td></tr>'
    }</table>`,
  );
}

export function messagePage(m: SinkMessage): string {
  const attachments = m.attachments.length
    ? `<table><tr><th>文件名</th><th>类型</th><th>大小</th></tr>${m.attachments
        .map(
          (a) =>
            `<tr><td>${esc(a.filename)}</td><td>${esc(a.contentType)}</td><td>${esc(sizeText(a.size))}</td></tr>`,
        )
        .join('')}</table>`
    : '<p class="muted">无附件</p>';
  // links in the body open outside the frame; the frame itself may run nothing
  const frame = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${safeBody(
    m.html,
  )}</body></html>`;
  const body = m.html
    ? `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" title="正文" srcdoc="${esc(frame)}"></iframe>`
    : `<pre>${esc(m.text)}</pre>`;
  return layout(
    `${m.subject || '（无主题）'} · 沙箱邮箱`,
    `<p><a href="${SANDBOX_MAIL_PATH}/">← 全部邮件</a></p>
<h1>${esc(m.subject || '（无主题）')}</h1>
<table>
<tr><th>时间</th><td>${esc(timeText(m.receivedAt))}</td></tr>
<tr><th>发件人</th><td>${esc(m.from)}</td></tr>
<tr><th>收件人</th><td>${esc(m.to.join(', '))}</td></tr>
<tr><th>登录账号</th><td>${esc(m.user)}</td></tr>
</table>
<h2>正文</h2>${body}
${m.html && m.text ? `<h2>纯文本</h2><pre>${esc(m.text)}</pre>` : ''}
<h2>附件</h2>${attachments}`,
  );
}

const notFoundPage = () =>
  layout(
    '邮件不存在 · 沙箱邮箱',
    `<p><a href="${SANDBOX_MAIL_PATH}/">← 全部邮件</a></p><h1>邮件不存在</h1><p class="muted">沙箱邮箱只保留最近 200 封。</p>`,
  );

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(page);

/** Shows `sink` under `/sandbox-mail/` on `app` (see the head of this file). */
export function registerSmtpSinkRoutes(app: FastifyInstance, sink: SmtpSink): void {
  const home = async (_req: FastifyRequest, reply: FastifyReply) => html(reply, 200, listPage(sink));
  app.get(SANDBOX_MAIL_PATH, home);
  app.get(`${SANDBOX_MAIL_PATH}/`, home);
  app.get(`${SANDBOX_MAIL_PATH}/messages.json`, async (_req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(sink.messages())),
  );
  app.get(`${SANDBOX_MAIL_PATH}/:id`, async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = req.params as { id: string };
    const m = sink.message(id);
    return m ? html(reply, 200, messagePage(m)) : html(reply, 404, notFoundPage());
  });
}
