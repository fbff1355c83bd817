/** The sandbox's tiny HTML pages (what a person sees when opening a QR link or the page-pay URL). */
import { escapeHtml } from '../../util';

/** The pages' escape (util.ts), under the name the cashier pages use. */
export const esc = escapeHtml;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem}.amount{font-size:2rem;font-weight:600;margin:.5rem 0}.muted{color:#6b7280;font-size:.875rem}
button{font-size:1rem;padding:.6rem 1.4rem;border:0;border-radius:.4rem;background:#1677ff;color:#fff;cursor:pointer}
.ok{color:#15803d}.bad{color:#b91c1c}.banner{background:#fef3c7;padding:.5rem .75rem;border-radius:.4rem;font-size:.875rem}
table{border-collapse:collapse;width:100%;font-size:.875rem}td,th{border-bottom:1px solid #e5e7eb;padding:.3rem;text-align:left}
</style></head><body><p class="banner">支付沙箱 · 模拟支付,不产生真实扣款 (payment sandbox: nothing is charged)</p>${body}</body></html>`;
}

/** The "pay" page of a trade: subject, amount, and a button posting to `action`. */
export function cashier(o: {
  channel: string;
  subject: string;
  amount: string;
  tradeNo: string;
  action: string;
}): string {
  return page(
    `${o.channel} 收银台`,
    `<h1>${esc(o.channel)} 收银台</h1><p>${esc(o.subject)}</p><p class="amount">¥${esc(o.amount)}</p>
<p class="muted">商户单号 ${esc(o.tradeNo)}</p>
<form method="post" action="${esc(o.action)}"><p><label><input type="checkbox" name="notify" value="0"> 不发送支付通知(演示轮询补单)</label></p>
<button type="submit">确认付款</button></form>`,
  );
}

export function outcome(o: {
  ok: boolean;
  title: string;
  detail: string;
  back?: string | undefined;
}): string {
  const back = o.back
    ? `<p><a href="${esc(o.back)}">返回商户页面</a></p>`
    : '<p class="muted">可以关闭本页,回到控制台查看结果。</p>';
  return page(
    o.title,
    `<h1 class="${o.ok ? 'ok' : 'bad'}">${esc(o.title)}</h1><p>${esc(o.detail)}</p>${back}`,
  );
}
