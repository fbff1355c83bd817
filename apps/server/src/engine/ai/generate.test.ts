/**
 * generateComment against the sandbox chat model (src/sandbox/llm) on a bare Fastify app: the real `openai`
 * client over real HTTP on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLlmSandbox, SANDBOX_LLM_PATH, type LlmSandbox } from '../../sandbox/llm/index';
import { AiCommentError } from './errors';
import { generateComment } from './generate';
import type { AiCommentConfig, CommentInput } from './types';

let app: FastifyInstance;
let sandbox: LlmSandbox;
let baseUrl: string;

beforeAll(async () => {
  app = Fastify({ logger: false });
  sandbox = registerLlmSandbox(app, { slowMs: 10_000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${addr.port}${SANDBOX_LLM_PATH}`;
});
afterAll(async () => {
  await app.close();
});

const config = (over: Partial<AiCommentConfig> = {}): AiCommentConfig => ({
  provider: 'openai',
  baseUrl,
  apiKey: `sk-sandbox-${randomUUID()}`, // a fresh key: the `-once` behaviours count per key
  model: 'sandbox-chat',
  appCode: '',
  systemPrompt: '',
  userPromptTemplate: '',
  minLength: 5,
  maxLength: 20,
  temperature: 0.9,
  maxTokens: 60,
  timeoutMs: 5000,
  retryTimes: 2,
  ...over,
});

const note: CommentInput = {
  platform: 'xhs',
  title: '周末去西湖拍照攻略',
  body: '带上相机去西湖',
  keyword: '西湖',
};

/** The error generateComment rejected with (failing when it resolved). */
async function failure(p: Promise<unknown>): Promise<AiCommentError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AiCommentError);
  return err as AiCommentError;
}

/** Requests the sandbox receives while `fn` runs. */
async function received<T>(fn: () => Promise<T>): Promise<{ out: T; bodies: Record<string, unknown>[] }> {
  const before = sandbox.received.length;
  const out = await fn();
  return { out, bodies: sandbox.received.slice(before).map((r) => r.body) };
}

const userOf = (body: Record<string, unknown> | undefined) =>
  (body?.messages as { role: string; content: string }[] | undefined)?.find((m) => m.role === 'user')
    ?.content ?? '';

describe('generateComment', () => {
  it('writes a clean comment of 5–20 code points about the note', async () => {
    const { out, bodies } = await received(() => generateComment(config(), note));
    expect(out.attempts).toBe(1);
    expect([...out.content].length).toBeGreaterThanOrEqual(5);
    expect([...out.content].length).toBeLessThanOrEqual(20);
    expect(out.content).toContain('西湖');
    expect(out.model).toBe('sandbox-chat');
    expect(out.usage?.totalTokens).toBeGreaterThan(0);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      model: 'sandbox-chat',
      temperature: 0.9,
      max_tokens: 60,
      n: 1,
      stream: false,
    });
    expect(bodies[0]).not.toHaveProperty('app_code');
    expect(userOf(bodies[0])).toContain('周末去西湖拍照攻略');
  });

  it('cleans up however the model dresses its answer', async () => {
    // the sandbox wraps one answer in four in quotes, a `评论：` prefix or a hashtag
    const titles = Array.from({ length: 16 }, (_, i) => `第${i}篇露营笔记`);
    const before = sandbox.received.length;
    for (const title of titles) {
      const out = await generateComment(config(), { platform: 'dy', title });
      expect(out.attempts).toBe(1);
      expect(out.content).not.toMatch(/[#“”"]|^评论/u);
    }
    const raw = sandbox.received.slice(before).flatMap((r) => r.answers);
    expect(raw).toHaveLength(16);
    // the clean-up had work to do: each dressing came up at least once
    for (const dressed of [/^“.*”$/u, /^评论：/u, /#\S+#$/u])
      expect(raw.some((a) => dressed.test(a))).toBe(true);
  });

  it('regenerates a too-long comment with the reason, then fails as rejected', async () => {
    const { out: err, bodies } = await received(() =>
      failure(generateComment(config({ model: 'sandbox-too-long', retryTimes: 2 }), note)),
    );
    expect(err.reason).toBe('rejected');
    expect(err.attempts).toBe(3);
    expect(err.details.rejection).toBe('too_long');
    expect(err.message).toBe('AI 生成的评论字数过多，已生成 3 次均不符合要求');
    expect(bodies).toHaveLength(3);
    expect(userOf(bodies[0])).not.toContain('超过了20字');
    expect(userOf(bodies[1])).toContain('超过了20字');
  });

  it('accepts the regenerated comment when the first was too long', async () => {
    const out = await generateComment(config({ model: 'sandbox-too-long-once' }), note);
    expect(out.attempts).toBe(2);
    expect([...out.content].length).toBeLessThanOrEqual(20);
  });

  it('refuses a comment with a sensitive word', async () => {
    const err = await failure(
      generateComment(config({ model: 'sandbox-sensitive', retryTimes: 1 }), note, {
        sensitiveWords: '加V，微信',
      }),
    );
    expect(err.reason).toBe('rejected');
    expect(err.attempts).toBe(2);
    expect(err.details).toMatchObject({ rejection: 'sensitive', word: '微信' });
    expect(err.message).toContain('敏感词「微信」');
    // the same answer passes when the task has no such word
    const out = await generateComment(config({ model: 'sandbox-sensitive' }), note);
    expect(out.content).toContain('微信');
  });

  it('refuses an empty answer', async () => {
    const err = await failure(generateComment(config({ model: 'sandbox-empty', retryTimes: 0 }), note));
    expect(err).toMatchObject({ reason: 'rejected', attempts: 1, details: { rejection: 'empty' } });
  });

  it('reports a refused key as auth, without retrying', async () => {
    const { out: err, bodies } = await received(() =>
      failure(generateComment(config({ model: 'sandbox-401' }), note)),
    );
    expect(err).toMatchObject({ reason: 'auth', attempts: 1, details: { status: 401 } });
    expect(err.message).toBe('AI 服务认证失败，请检查 API 密钥');
    expect(bodies).toHaveLength(1);
    const wrong = await failure(generateComment(config({ apiKey: 'sk-live-123' }), note));
    expect(wrong).toMatchObject({ reason: 'auth', attempts: 1 });
  });

  it('never calls without a key', async () => {
    const { out: err, bodies } = await received(() =>
      failure(generateComment(config({ apiKey: ' ' }), note)),
    );
    expect(err).toMatchObject({ reason: 'auth', attempts: 0 });
    expect(bodies).toHaveLength(0);
  });

  it('waits for Retry-After on a 429, then succeeds', async () => {
    const started = Date.now();
    const out = await generateComment(config({ model: 'sandbox-429-once' }), note);
    expect(out.attempts).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190); // the sandbox's retry-after-ms is 200
  });

  it('gives up on 429 when the retries are used up, or the wait is too long', async () => {
    const used = await failure(generateComment(config({ model: 'sandbox-429', retryTimes: 1 }), note));
    expect(used).toMatchObject({ reason: 'rate_limited', attempts: 2, details: { status: 429 } });
    const started = Date.now();
    const long = await failure(
      generateComment(config({ model: 'sandbox-429' }), note, { maxRetryAfterMs: 50 }),
    );
    expect(long).toMatchObject({ reason: 'rate_limited', attempts: 1 });
    expect(Date.now() - started).toBeLessThan(190);
  });

  it('times out after timeoutMs, without retrying', async () => {
    const started = Date.now();
    const { out: err, bodies } = await received(() =>
      failure(generateComment(config({ model: 'sandbox-slow', timeoutMs: 300 }), note)),
    );
    expect(err).toMatchObject({ reason: 'timeout', attempts: 1 });
    expect(err.message).toBe('AI 服务响应超时');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(bodies).toHaveLength(1);
  });

  it('stops when the caller aborts', async () => {
    const err = await failure(
      generateComment(config({ model: 'sandbox-slow' }), note, { signal: AbortSignal.timeout(200) }),
    );
    expect(err.reason).toBe('timeout');
  });

  it('retries a 5xx, and reports it when retries are used up', async () => {
    const out = await generateComment(config({ model: 'sandbox-500-once' }), note, { retryDelayMs: 10 });
    expect(out.attempts).toBe(2);
    const err = await failure(generateComment(config({ model: 'sandbox-500', retryTimes: 0 }), note));
    expect(err).toMatchObject({ reason: 'upstream', attempts: 1, details: { status: 500 } });
    expect(err.message).toBe('AI 服务异常(HTTP 500)');
  });

  it('reports an unreachable provider as upstream', async () => {
    // a port that was free a moment ago: nothing listens there
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a ? a.port : 1));
      });
    });
    const err = await failure(
      generateComment(config({ baseUrl: `http://127.0.0.1:${port}/v1`, retryTimes: 1 }), note, {
        retryDelayMs: 10,
      }),
    );
    expect(err).toMatchObject({ reason: 'upstream', attempts: 2 });
    expect(err.message).toBe('AI 服务连接失败');
  });

  it('sends LinkAI app_code for the LinkAI provider only', async () => {
    const linkai = await received(() =>
      generateComment(config({ provider: 'linkai', appCode: ' Kv2fXJcH ' }), note),
    );
    expect(linkai.bodies[0]).toMatchObject({ app_code: 'Kv2fXJcH', model: 'sandbox-chat' });
    const openai = await received(() => generateComment(config({ appCode: 'Kv2fXJcH' }), note));
    expect(openai.bodies[0]).not.toHaveProperty('app_code');
  });

  it("sends the configuration's prompts with the placeholders filled", async () => {
    const c = config({
      systemPrompt: '你是{platform}资深用户',
      userPromptTemplate:
        '笔记标题：{title}\n笔记内容：{content}\n请写一条{minLength}到{maxLength}字的评论。',
      minLength: 6,
      maxLength: 18,
    });
    const { bodies } = await received(() =>
      generateComment(c, { platform: 'xhs', title: '露营装备', body: '帐篷' }),
    );
    expect(bodies[0]?.messages).toEqual([
      { role: 'system', content: '你是小红书资深用户' },
      { role: 'user', content: '笔记标题：露营装备\n笔记内容：帐篷\n请写一条6到18字的评论。' },
    ]);
  });
});
