/**
 * From an AI configuration saved through the API (its key sealed by the generic module) to a comment: the loader
 * opens the key, and the sandbox model mounted on a server built like the real one answers.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { aiConfig } from '../../db/schema';
import { registerLlmSandbox, SANDBOX_LLM_PATH, type LlmSandbox } from '../../sandbox/llm/index';
import { authHeaders, backends, login, startTestServer, type TestServer } from '../../test/harness';
import { loadAiCommentConfig } from './config';
import { generateComment } from './generate';

const KEY = 'sk-sandbox-e2e-0123456789';

describe.each(backends)('AI comment configuration on %s', (kind) => {
  let s: TestServer;
  let token: string;
  let llm: FastifyInstance;
  let sandbox: LlmSandbox;
  let baseUrl: string;

  beforeAll(async () => {
    s = await startTestServer(kind);
    token = (await login(s.app)).access_token;
    // a second server on the same database, with the sandbox mounted as `npm start` mounts it
    llm = await buildApp({ db: s.handle.db, config: { logger: false } });
    sandbox = registerLlmSandbox(llm);
    await llm.listen({ host: '127.0.0.1', port: 0 });
    const a = llm.server.address();
    if (!a || typeof a === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${a.port}${SANDBOX_LLM_PATH}`;
  });
  afterAll(async () => {
    await llm?.close();
    await s?.close();
  });

  const submit = async (body: object): Promise<string> => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/smart-aiConfig/ai_config/submit',
      headers: authHeaders(token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: string } }).data.id;
  };

  it('loads the default with its key opened and writes a comment with it', async () => {
    const id = await submit({
      configName: '小红书评论-沙箱',
      platform: 'xhs',
      provider: 'linkai',
      baseUrl,
      apiKey: KEY,
      model: 'sandbox-chat',
      appCode: 'Kv2fXJcH',
      userPromptTemplate:
        '笔记标题：{title}\n笔记内容：{content}\n请写一条{minLength}到{maxLength}字的评论。',
      minLength: 5,
      maxLength: 20,
      temperature: 0.8,
      maxTokens: 60,
      timeoutMs: 5000,
      retryTimes: 2,
      isDefault: 1,
    });
    const [row] = await s.handle.db
      .select()
      .from(aiConfig)
      .where(eq(aiConfig.id, BigInt(id)));
    expect(row?.apiKey).not.toContain(KEY); // sealed at rest

    const byDefault = await loadAiCommentConfig(s.handle.db, '000000', { platform: 'xhs' });
    const byId = await loadAiCommentConfig(s.handle.db, '000000', { id: BigInt(id), platform: 'dy' });
    expect(byDefault?.apiKey).toBe(KEY);
    expect(byId?.id).toBe(BigInt(id));
    expect(byId?.apiKey).toBe(KEY);

    const before = sandbox.received.length;
    const out = await generateComment(byDefault!, {
      platform: 'xhs',
      title: '露营装备清单',
      body: '帐篷和睡袋',
    });
    expect([...out.content].length).toBeGreaterThanOrEqual(5);
    expect([...out.content].length).toBeLessThanOrEqual(20);
    expect(out.content).toContain('露营装备清单');
    expect(sandbox.received.slice(before).map((r) => r.body)).toEqual([
      expect.objectContaining({ app_code: 'Kv2fXJcH', temperature: 0.8, max_tokens: 60 }),
    ]);
  });

  it('finds nothing for another tenant, a disabled row or a platform without default', async () => {
    const id = await submit({
      configName: '抖音评论',
      platform: 'dy',
      provider: 'openai',
      baseUrl,
      apiKey: KEY,
      model: 'sandbox-chat',
      isDefault: 0,
    });
    expect(
      await loadAiCommentConfig(s.handle.db, '000000', { id: BigInt(id), platform: 'dy' }),
    ).toBeDefined();
    expect(
      await loadAiCommentConfig(s.handle.db, '100001', { id: BigInt(id), platform: 'dy' }),
    ).toBeUndefined();
    expect(await loadAiCommentConfig(s.handle.db, '000000', { platform: 'dy' })).toBeUndefined();
    await s.handle.db
      .update(aiConfig)
      .set({ status: 0 })
      .where(eq(aiConfig.id, BigInt(id)));
    expect(
      await loadAiCommentConfig(s.handle.db, '000000', { id: BigInt(id), platform: 'dy' }),
    ).toBeUndefined();
  });

  it("answers the provider's error shape on the real server, not the envelope", async () => {
    const post = (payload: string, contentType: string, key = KEY) =>
      llm.inject({
        method: 'POST',
        url: `${SANDBOX_LLM_PATH}/chat/completions`,
        headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
        payload,
      });
    const badJson = await post('{"model":', 'application/json');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const text = await post('hello', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toHaveProperty('error.message');
    const wrongKey = await post('{}', 'application/json', 'sk-live');
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});
