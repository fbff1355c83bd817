/**
 * What a person sees of the simulated Feishu: `GET /sandbox-feishu/` lists its spreadsheets and bitables (the demo
 * ones to import from, and those the log export wrote), `GET /sandbox-feishu/sheets/:token` shows a spreadsheet's
 * rows (`?sheet=` one sheet) — where the export's `sheetUrl` points in sandbox mode. Both say plainly that this is
 * not Feishu. Everything shown is escaped. Not part of Feishu's API: no token needed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cellText, columnLetters, SANDBOX_FEISHU } from '../../engine/feishu/index';
import type { Cell, FeishuDocuments, SimSpreadsheet } from './model';
import { escapeHtml as esc, formatDateTime } from '../../util';
import { SANDBOX_BOT_SECRET, type SandboxBots } from './bots';

/** Rows shown per sheet at most (the last ones: an export appends at the bottom). */
const SHOWN_ROWS = 1000;
/** Bot messages shown, the newest first. */
const BOT_ROWS = 50;

const enc = encodeURIComponent;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:80rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem}h2{font-size:1rem;margin-top:1.5rem}.muted{color:#6b7280;font-size:.875rem}
.banner{background:#fef3c7;padding:.5rem .75rem;border-radius:.4rem;font-size:.875rem}
table{border-collapse:collapse;font-size:.8rem}td,th{border:1px solid #e5e7eb;padding:.25rem .4rem;text-align:left;vertical-align:top}
th{background:#f9fafb;color:#6b7280;font-weight:500}code{background:#f3f4f6;padding:0 .25rem;border-radius:.2rem}
</style></head><body>
<p class="banner">模拟飞书 · 本页由服务器的沙箱提供,不是真实的飞书 (simulated Feishu: nothing here reaches Feishu)</p>
${body}</body></html>`;
}

function sheetTable(sheetId: string, rows: Cell[][]): string {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const from = Math.max(0, rows.length - SHOWN_ROWS);
  const head = `<tr><th></th>${Array.from({ length: width }, (_, i) => `<th>${columnLetters(i + 1)}</th>`).join('')}</tr>`;
  const body = rows
    .slice(from)
    .map(
      (r, i) =>
        `<tr><th>${from + i + 1}</th>${Array.from({ length: width }, (_, c) => `<td>${esc(cellText(r[c]))}</td>`).join('')}</tr>`,
    )
    .join('');
  const note = from > 0 ? `<p class="muted">只显示最后 ${SHOWN_ROWS} 行(共 ${rows.length} 行)。</p>` : '';
  return `<h2>工作表 <code>${esc(sheetId)}</code> · ${rows.length} 行</h2>${note}<table>${head}${
    body || `<tr><td class="muted" colspan="${width + 1}">空表</td></tr>`
  }</table>`;
}

export function spreadsheetPage(s: SimSpreadsheet, sheet: string | undefined): string {
  const sheets = [...s.sheets.entries()].filter(([id]) => sheet === undefined || id === sheet);
  const body = sheets.length
    ? sheets.map(([id, sh]) => sheetTable(id, sh.rows)).join('')
    : `<p class="muted">没有工作表 <code>${esc(sheet ?? '')}</code>。</p>`;
  return layout(
    `${s.title} · 模拟飞书`,
    `<p><a href="${SANDBOX_FEISHU.prefix}/">← 全部文档</a></p><h1>${esc(s.title)}</h1>
<p class="muted">spreadsheetToken <code>${esc(s.token)}</code> · 版本 ${s.revision}</p>${body}`,
  );
}

export function homePage(docs: FeishuDocuments, bots: SandboxBots): string {
  const sheets = [...docs.spreadsheets.values()]
    .map(
      (s) =>
        `<tr><td><a href="${SANDBOX_FEISHU.prefix}/sheets/${enc(s.token)}">${esc(s.title)}</a></td><td><code>${esc(s.token)}</code></td><td>${[
          ...s.sheets.entries(),
        ]
          .map(([id, sh]) => `<code>${esc(id)}</code> (${sh.rows.length} 行)`)
          .join(' ')}</td></tr>`,
    )
    .join('');
  const messages = bots.messages
    .slice(-BOT_ROWS)
    .reverse()
    .map(
      (m) =>
        `<tr><td>${esc(formatDateTime(m.at))}</td><td><code>${esc(m.hookId)}</code></td><td>${m.signed ? '✓' : ''}</td><td style="white-space:pre-wrap">${esc(m.text)}</td></tr>`,
    )
    .join('');
  const bitables = [...docs.bitables.values()]
    .flatMap((b) =>
      [...b.tables.entries()].map(
        ([id, t]) =>
          `<tr><td>${esc(b.title)}</td><td><code>${esc(b.token)}</code></td><td><code>${esc(id)}</code> ${esc(t.name)}</td><td>${t.records.length}</td></tr>`,
      ),
    )
    .join('');
  return layout(
    '模拟飞书',
    `<h1>模拟飞书</h1>
<p class="muted">接口地址 <code>&lt;服务器地址&gt;${esc(SANDBOX_FEISHU.apiPath)}</code>,应用 app_id <code>${esc(SANDBOX_FEISHU.appId)}</code>
/ app_secret <code>${esc(SANDBOX_FEISHU.appSecret)}</code>。未配置飞书应用的服务器在沙箱模式下使用它:评论日志「导出到飞书」写入这里的表格,
评论「飞书导入」从这里读取。写入未知的表格会新建它。</p>
<h2>电子表格</h2><table><tr><th>标题</th><th>spreadsheetToken</th><th>工作表</th></tr>${sheets}</table>
<h2>多维表格</h2><table><tr><th>标题</th><th>app_token</th><th>table_id</th><th>记录数</th></tr>${bitables}</table>
<h2>机器人消息</h2>
<p class="muted">客户资料中的飞书机器人 Webhook(<code>https://open.feishu.cn/open-apis/bot/v2/hook/&lt;id&gt;</code>)在沙箱模式下发到这里:
运行失败、超时、启动失败和执行账号需要验证时的告警。id 以 <code>signed</code> 开头的机器人要求签名,密钥
<code>${esc(SANDBOX_BOT_SECRET)}</code>。最近 ${BOT_ROWS} 条,新的在前。</p>
<table><tr><th>时间</th><th>机器人</th><th>签名</th><th>内容</th></tr>${messages}</table>`,
  );
}

export function registerPages(app: FastifyInstance, docs: FeishuDocuments, bots: SandboxBots): void {
  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  const home = async (_req: FastifyRequest, reply: FastifyReply) => html(reply, 200, homePage(docs, bots));
  app.get(SANDBOX_FEISHU.prefix, home);
  app.get(`${SANDBOX_FEISHU.prefix}/`, home);
  app.get(`${SANDBOX_FEISHU.prefix}/sheets/:token`, async (req: FastifyRequest, reply: FastifyReply) => {
    const { token } = req.params as { token: string };
    const sheet = (req.query as { sheet?: string }).sheet || undefined;
    const s = docs.spreadsheets.get(token);
    if (!s)
      return html(
        reply,
        404,
        layout(
          '模拟飞书',
          `<h1>没有这个表格</h1><p class="muted">spreadsheetToken <code>${esc(token)}</code></p>`,
        ),
      );
    return html(reply, 200, spreadsheetPage(s, sheet));
  });
}
