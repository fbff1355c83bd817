/**
 * A Feishu custom bot (docs/automation-domain.md §3.3 "Custom bot webhook"): a text message posted to the bot's
 * webhook, signed when the bot has a secret. The webhook is the bot's whole credential; no app token is involved.
 */
import { createHmac } from 'node:crypto';
import { callJson, NoAnswer } from '../http/json-call';
import { FeishuError } from './errors';

/** The bot's signature: base64(HMAC-SHA256 keyed with `timestamp + "\n" + secret`, over an empty message). */
export function botSign(timestampSec: number, secret: string): string {
  return createHmac('sha256', `${timestampSec}\n${secret}`).update('').digest('base64');
}

export interface BotPostOptions {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

/** Posts `text` to the bot at `url`; throws a FeishuError with Feishu's own message when the bot refuses it. */
export async function postBotText(
  url: string,
  text: string,
  secret: string,
  o: BotPostOptions = {},
): Promise<void> {
  const timestamp = Math.floor((o.now?.() ?? new Date()).getTime() / 1000);
  const body = {
    ...(secret ? { timestamp: String(timestamp), sign: botSign(timestamp, secret) } : {}),
    msg_type: 'text',
    content: { text },
  };
  const timeoutMs = o.timeoutMs ?? 10_000;
  let answer;
  try {
    answer = await callJson(
      { method: 'POST', path: '', body },
      { fetchFn: o.fetchFn ?? fetch, base: url, timeoutMs, contentType: 'application/json; charset=utf-8' },
    );
  } catch (e) {
    const timedOut = e instanceof NoAnswer && e.timedOut;
    throw new FeishuError({
      code: 0,
      httpStatus: 0,
      msg: timedOut ? `飞书机器人无响应（${timeoutMs} ms）` : `无法连接飞书机器人: ${(e as Error).message}`,
      kind: timedOut ? 'timeout' : 'network',
    });
  }
  // bots answer `{code, msg}`; older ones `{StatusCode, StatusMessage}`
  const env = (answer.json ?? {}) as {
    code?: unknown;
    msg?: unknown;
    StatusCode?: unknown;
    StatusMessage?: unknown;
  };
  const code =
    typeof env.code === 'number' ? env.code : typeof env.StatusCode === 'number' ? env.StatusCode : -1;
  if (answer.status === 200 && code === 0) return;
  const msg =
    typeof env.msg === 'string' ? env.msg : typeof env.StatusMessage === 'string' ? env.StatusMessage : '';
  const detail = (msg || `HTTP ${answer.status}`) + (code > 0 ? ` (${code})` : '');
  throw new FeishuError({
    code: Math.max(0, code),
    httpStatus: answer.status,
    msg: `飞书机器人拒绝了消息: ${detail}`,
    kind: code === -1 ? 'protocol' : answer.status === 429 ? 'rate-limit' : 'api',
  });
}
