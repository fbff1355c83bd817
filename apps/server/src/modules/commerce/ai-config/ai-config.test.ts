// The AI configurations' extras (./ai-config.module.ts): the masked, sealed API key, the length limits, the one
// default per platform, `updateParam` (only what is sent) and `getSelect`, with bad input answered by a 400 envelope.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiConfig } from '../../../db/schema';
import { entitySecretBox, revealSecret } from '../../../kernel/entity-secrets';
import { backends, contractCall, login, startTestServer, type TestServer } from '../../../test/harness';
import { LENGTHS_MSG } from './ai-config.module';

type Config = Record<string, unknown> & { id: string; isDefault: number; apiKey: string };
interface Option {
  id: string;
  configName: string;
  platform: string;
  isDefault: number;
}

const P = '/api/smart-aiConfig/ai_config';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const refused = (msg: string) => ({ status: 400, body: { code: 400, success: false, msg, data: null } });

const base = {
  platform: 'xhs',
  provider: 'openai',
  baseUrl: 'https://api.example.com/v1',
  model: 'gpt-4o-mini',
  systemPrompt: '你是资深用户',
  minLength: 5,
  maxLength: 20,
  temperature: 0.9,
  isDefault: 0,
};

describe.each(backends)('AI configurations on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let guest: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = (await login(s.app)).access_token;
    guest = (await login(s.app, '000000', 'guest', md5('guest'))).access_token;
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const submit = (body: object) => call<Config>('POST', `${P}/submit`, 'aiConfigSubmit', admin, body);
  const detail = (id: string) => call<Config>('GET', `${P}/detail?id=${id}`, 'aiConfigDetail', admin);
  const updateParam = (body: object, token = admin) =>
    call<Config>('POST', `${P}/updateParam`, 'aiConfigUpdateParam', token, body);
  const options = (query = '') => call<Option[]>('GET', `${P}/getSelect${query}`, 'aiConfigGetSelect', admin);
  const create = async (configName: string, extra: object = {}) => {
    const res = await submit({ ...base, configName, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const stored = async (id: string) =>
    (
      await s.handle.db
        .select()
        .from(aiConfig)
        .where(eq(aiConfig.id, BigInt(id)))
    )[0]!;

  it('masks the API key in every answer, seals it at rest and keeps it when the mask comes back', async () => {
    const key = `sk-live-${Date.now()}`;
    const c = await create('密钥配置', { apiKey: key });
    expect(c.apiKey).toBe('sk-l****');
    expect((await detail(c.id)).body.data.apiKey).toBe('sk-l****');
    const page = await call<{ records: Config[] }>('GET', `${P}/list?configName=密钥`, 'aiConfigList', admin);
    expect(page.body.data.records.map((r) => r.apiKey)).toEqual(['sk-l****']);
    expect((await updateParam({ id: c.id, temperature: 0.5 })).body.data.apiKey).toBe('sk-l****');
    for (const body of [page.body, (await options()).body]) expect(JSON.stringify(body)).not.toContain(key);

    const box = entitySecretBox(s.handle.db);
    expect((await stored(c.id)).apiKey).not.toContain(key);
    expect(await revealSecret(box, (await stored(c.id)).apiKey)).toBe(key);
    await submit({ ...base, id: c.id, configName: '密钥配置', apiKey: 'sk-l****' });
    expect(await revealSecret(box, (await stored(c.id)).apiKey)).toBe(key);
  });

  it('refuses a maximum length below the minimum, on submit and on updateParam', async () => {
    expect(await submit({ ...base, configName: '倒挂', minLength: 30, maxLength: 10 })).toEqual(
      refused(LENGTHS_MSG),
    );
    const c = await create('长度配置', { minLength: 8, maxLength: 12 });
    // one limit sent: checked against the stored other one
    expect(await updateParam({ id: c.id, maxLength: 6 })).toEqual(refused(LENGTHS_MSG));
    expect(await updateParam({ id: c.id, minLength: 13 })).toEqual(refused(LENGTHS_MSG));
    expect(await submit({ ...base, id: c.id, configName: '长度配置', minLength: 9, maxLength: 7 })).toEqual(
      refused(LENGTHS_MSG),
    );
    expect((await detail(c.id)).body.data).toMatchObject({ minLength: 8, maxLength: 12 });
  });

  it('keeps one default per platform: setting it clears the others of that platform only', async () => {
    const a = await create('默认甲', { platform: 'dy', isDefault: 1 });
    const b = await create('默认乙', { platform: 'dy', isDefault: 1 });
    const other = await create('默认丙', { platform: 'sph', isDefault: 1 });
    expect((await detail(a.id)).body.data.isDefault).toBe(0);
    expect((await detail(b.id)).body.data.isDefault).toBe(1);
    expect((await detail(other.id)).body.data.isDefault).toBe(1);
    await submit({ ...base, id: a.id, configName: '默认甲', platform: 'dy', isDefault: 1 });
    expect((await detail(a.id)).body.data.isDefault).toBe(1);
    expect((await detail(b.id)).body.data.isDefault).toBe(0);
  });

  it('updateParam changes only the parameters sent; provider, URL and key stay', async () => {
    // limits other than the form's defaults (5, 20): not sending them must not reset them
    const c = await create('参数配置', {
      apiKey: 'sk-param-key',
      maxTokens: 60,
      retryTimes: 2,
      minLength: 8,
      maxLength: 15,
    });
    const res = await updateParam({
      id: c.id,
      temperature: 0.3,
      userPromptTemplate: '标题：{title}',
      // not parameters: ignored
      provider: 'qwen',
      baseUrl: 'https://evil.example.com/v1',
      apiKey: 'sk-other',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: c.id,
      temperature: 0.3,
      userPromptTemplate: '标题：{title}',
      maxTokens: 60,
      retryTimes: 2,
      minLength: 8,
      maxLength: 15,
      systemPrompt: '你是资深用户',
      provider: 'openai',
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-p****',
    });
    expect((await detail(c.id)).body.data).toEqual(res.body.data);
    expect(await revealSecret(entitySecretBox(s.handle.db), (await stored(c.id)).apiKey)).toBe(
      'sk-param-key',
    );
  });

  it('answers bad updateParam input with a 400 envelope, and refuses it without the edit button', async () => {
    const c = await create('校验配置');
    expect(await updateParam({ id: '1790000000000009999', temperature: 1 })).toEqual(refused('数据不存在'));
    for (const body of [
      {},
      { id: 'abc' },
      { id: c.id, temperature: 3 },
      { id: c.id, temperature: 'hot' },
      { id: c.id, maxTokens: 0 },
      { id: c.id, timeoutMs: 500 },
    ]) {
      const res = await updateParam(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, success: false, data: null });
    }
    expect(await updateParam({ id: c.id, temperature: 1.5 }, guest)).toEqual({
      status: 401,
      body: { code: 401, success: false, msg: '缺失权限', data: null },
    });
    expect((await detail(c.id)).body.data.temperature).toBe(0.9);
  });

  it('lists enabled configurations as options, defaults first, narrowed to a platform', async () => {
    const off = await create('停用配置', { platform: 'mj' });
    await s.handle.db
      .update(aiConfig)
      .set({ status: 0 })
      .where(eq(aiConfig.id, BigInt(off.id)));
    await create('绘图普通', { platform: 'mj' });
    await create('绘图默认', { platform: 'mj', isDefault: 1 });
    const mj = (await options('?platform=mj')).body.data;
    expect(mj.map((o) => o.configName)).toEqual(['绘图默认', '绘图普通']);
    expect(mj[0]).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      configName: '绘图默认',
      platform: 'mj',
      provider: 'openai',
      model: 'gpt-4o-mini',
      isDefault: 1,
    });
    const all = (await options()).body.data;
    expect(new Set(all.map((o) => o.platform))).toEqual(new Set(['xhs', 'dy', 'sph', 'mj']));
    // every default before every other option
    const firstOther = all.findIndex((o) => o.isDefault === 0);
    expect(all.slice(firstOther).every((o) => o.isDefault === 0)).toBe(true);
    const bad = await options('?platform=tiktok');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, success: false, data: null });
  });
});
