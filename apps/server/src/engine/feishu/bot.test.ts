/**
 * The custom bot client (./bot.ts): the signature against a value computed apart (openssl), and the answers of the
 * simulated Feishu's bots over real HTTP — a signed bot taking a signed message and refusing a wrong or stale one, a
 * deleted bot, and a bot that does not answer — each refusal a FeishuError with Feishu's message.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningBaseUrl } from '../../kernel/self-url';
import { registerFeishuSandbox, type FeishuSandbox } from '../../sandbox/feishu/index';
import { SANDBOX_BOT_SECRET } from '../../sandbox/feishu/bots';
import { SANDBOX_FEISHU } from './binding';
import { botSign, postBotText } from './bot';
import { FEISHU_CODES, FeishuError } from './errors';

let app: FastifyInstance;
let sandbox: FeishuSandbox;
let hooks: string;
beforeAll(async () => {
  app = Fastify({ logger: false });
  sandbox = registerFeishuSandbox(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  hooks = `${listeningBaseUrl(app)}${SANDBOX_FEISHU.apiPath}/bot/v2/hook`;
});
afterAll(async () => {
  await app.close();
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as FeishuError,
  );

describe('a Feishu custom bot', () => {
  it('signs as Feishu asks: HMAC-SHA256 keyed with timestamp, newline and secret, over nothing', () => {
    // printf '' | openssl dgst -sha256 -hmac "$(printf '1599360473\ntest')" -binary | base64
    expect(botSign(1599360473, 'test')).toBe('NVcdmaRhTlOqmXksontxmKEP4AYWAMD5VOczwSqarks=');
  });

  it('posts a signed text to a signed bot, and a plain one to a bot without a secret', async () => {
    await postBotText(`${hooks}/signed-a`, '第一条', SANDBOX_BOT_SECRET);
    await postBotText(`${hooks}/plain-a`, '第二条', '');
    expect(sandbox.bots.messages.slice(-2).map((m) => [m.hookId, m.text, m.signed])).toEqual([
      ['signed-a', '第一条', true],
      ['plain-a', '第二条', false],
    ]);
  });

  it('is refused with a wrong secret, a stale timestamp, or by a deleted bot', async () => {
    const wrong = await refusal(postBotText(`${hooks}/signed-b`, 'x', 'not-the-secret'));
    expect(wrong).toBeInstanceOf(FeishuError);
    expect(wrong).toMatchObject({ code: FEISHU_CODES.botSignInvalid, kind: 'api' });
    expect(wrong!.message).toContain('sign match fail');
    const stale = await refusal(
      postBotText(`${hooks}/signed-b`, 'x', SANDBOX_BOT_SECRET, {
        now: () => new Date(Date.now() - 2 * 3600_000),
      }),
    );
    expect(stale).toMatchObject({ code: FEISHU_CODES.botSignInvalid });
    const gone = await refusal(postBotText(`${hooks}/gone-b`, 'x', ''));
    expect(gone).toMatchObject({ code: 19001, httpStatus: 404 });
    expect(sandbox.bots.messages.filter((m) => m.hookId.endsWith('-b'))).toEqual([]);
  });

  it('says so when the bot does not answer in time, or answers no envelope', async () => {
    const silent: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    const late = await refusal(
      postBotText('https://open.feishu.cn/open-apis/bot/v2/hook/x', 'x', '', {
        fetchFn: silent,
        timeoutMs: 50,
      }),
    );
    expect(late).toMatchObject({ kind: 'timeout', message: '飞书机器人无响应（50 ms）' });
    const html: typeof fetch = async () => new Response('<html>bad gateway</html>', { status: 502 });
    const odd = await refusal(
      postBotText('https://open.feishu.cn/open-apis/bot/v2/hook/x', 'x', '', { fetchFn: html }),
    );
    expect(odd).toMatchObject({
      kind: 'protocol',
      httpStatus: 502,
      message: '飞书机器人拒绝了消息: HTTP 502',
    });
  });
});
