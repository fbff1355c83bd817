/** The sandbox chat model on a bare Fastify app (injected requests): its answers, its checks, its behaviours. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOf, sandboxAnswer, topicOf } from './comments';
import { registerLlmSandbox, SANDBOX_LLM_PATH, SANDBOX_MODELS } from './index';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerLlmSandbox(app, { slowMs: 50 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const URL = `${SANDBOX_LLM_PATH}/chat/completions`;
const user = '作品标题：周末露营好去处\n作品内容：山里\n请写一条5到20字的评论。';
const chat = (body: object, key = 'sk-sandbox-test') =>
  app.inject({ method: 'POST', url: URL, headers: { authorization: `Bearer ${key}` }, payload: body });
const ask = (model: string, extra: object = {}, key?: string) =>
  chat(
    {
      model,
      messages: [
        { role: 'system', content: '你是用户' },
        { role: 'user', content: user },
      ],
      ...extra,
    },
    key,
  );

interface Completion {
  object: string;
  model: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

describe('sandbox chat model', () => {
  it('answers a chat.completion about the note, the same for the same prompt', async () => {
    const res = await ask('sandbox-chat');
    expect(res.statusCode).toBe(200);
    const body = res.json<Completion>();
    expect(body).toMatchObject({ object: 'chat.completion', model: 'sandbox-chat' });
    expect(body.choices).toHaveLength(1);
    expect(body.choices[0]).toMatchObject({
      index: 0,
      message: { role: 'assistant' },
      finish_reason: 'stop',
    });
    expect(body.choices[0]?.message.content).toContain('周末露营好去处');
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    const again = (await ask('sandbox-chat')).json<Completion>();
    expect(again.choices[0]?.message.content).toBe(body.choices[0]?.message.content);
  });

  it('answers n choices and cuts at max_tokens', async () => {
    const two = (await ask('gpt-4o-mini', { n: 2 })).json<Completion>();
    expect(two.choices.map((c) => c.index)).toEqual([0, 1]);
    const cut = (await ask('sandbox-too-long', { max_tokens: 10 })).json<Completion>();
    expect([...(cut.choices[0]?.message.content ?? '')]).toHaveLength(10);
    expect(cut.choices[0]?.finish_reason).toBe('length');
  });

  it.each([
    ['sandbox-too-long', (c: string) => [...c].length > 40],
    ['sandbox-empty', (c: string) => c === ''],
    ['sandbox-sensitive', (c: string) => c.includes('微信')],
    ['sandbox-slow', (c: string) => c.includes('周末露营好去处')],
  ])('%s answers accordingly', async (model, check) => {
    const res = await ask(model);
    expect(res.statusCode).toBe(200);
    expect(check(res.json<Completion>().choices[0]?.message.content ?? '')).toBe(true);
  });

  it.each([
    ['sandbox-401', 401, 'invalid_api_key'],
    ['sandbox-429', 429, 'rate_limit_exceeded'],
    ['sandbox-500', 500, null],
  ])('%s fails with %i', async (model, status, code) => {
    const res = await ask(model);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { code, message: expect.any(String) } });
    if (status === 429) {
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['retry-after-ms']).toBe('200');
    }
  });

  it('misbehaves once per key with -once', async () => {
    expect((await ask('sandbox-429-once', {}, 'sk-sandbox-a')).statusCode).toBe(429);
    expect((await ask('sandbox-429-once', {}, 'sk-sandbox-a')).statusCode).toBe(200);
    expect((await ask('sandbox-429-once', {}, 'sk-sandbox-b')).statusCode).toBe(429);
  });

  it('checks the key', async () => {
    const none = await app.inject({ method: 'POST', url: URL, payload: { model: 'x', messages: [] } });
    expect(none.statusCode).toBe(401);
    const wrong = await ask('sandbox-chat', {}, 'sk-proj-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });

  it.each([
    [{ messages: [{ role: 'user', content: 'hi' }] }, 'model'],
    [{ model: 'm', messages: [] }, 'messages'],
    [{ model: 'm', messages: [{ role: 'robot', content: 'hi' }] }, 'messages[0].role'],
    [{ model: 'm', messages: [{ role: 'user' }] }, 'messages[0].content'],
    [{ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }, 'stream'],
    [{ model: 'm', messages: [{ role: 'user', content: 'hi' }], n: 9 }, 'n'],
    [{ model: 'm', messages: [{ role: 'user', content: 'hi' }], temperature: 3 }, 'temperature'],
    [{ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_tokens: 0 }, 'max_tokens'],
  ])('refuses %j with 400', async (body, param) => {
    const res = await chat(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error', param } });
  });

  it('lists its models', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${SANDBOX_LLM_PATH}/models`,
      headers: { authorization: 'Bearer sk-sandbox-x' },
    });
    expect(res.json<{ data: { id: string }[] }>().data.map((m) => m.id)).toEqual(SANDBOX_MODELS);
  });
});

describe('sandbox comments', () => {
  it.each([
    ['作品标题：周末露营好去处\n作品内容：山里', '周末露营好去处'],
    ['笔记标题：「杭州」西湖一日游！', '杭州'],
    ['标题：x\n关键词：西湖', '西湖'],
    ['title: Camping trip', 'Camping'],
    ['随便写一条评论', '随便写一条评论'],
    ['超过八个字的第一行文字内容', '超过八个字的第一'], // cut to TOPIC_MAX_CHARS,
    ['', '这篇'],
  ])('topic of %j is %s', (message, topic) => {
    expect(topicOf(message)).toBe(topic);
  });

  it('keeps every plain answer within 5–20 for any topic', () => {
    for (const topic of ['', '一', '一二三四五六七八']) {
      for (let seed = 0; seed < 64; seed++) {
        const n = [...sandboxAnswer('normal', topic, seed).replace(/^评论：|[“”]|\s#.*#$/gu, '')].length;
        expect(n).toBeGreaterThanOrEqual(topic ? 5 : 8);
        expect(n).toBeLessThanOrEqual(20);
      }
    }
    expect(hashOf('a')).toBe(hashOf('a'));
    expect(hashOf('a')).not.toBe(hashOf('b'));
  });
});
