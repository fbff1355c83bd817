// Prompts and drawings end to end on the sandboxed server (simulated chat model and Midjourney proxy): a prompt
// generated from an app's phrase and word pools, drawn and upscaled with the customer's power charged once and
// refunded on a refusal, the image stored once; bad input, concurrent draws and forged notifications refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, dictBiz, img, mjPrompt, powerLogs, user } from '../../../db/schema';
import { GRID_SIZE } from '../../../sandbox/mj/placeholder-image';
import { nextId } from '../../../util';
import { backends, contractCall, login, startSandboxedServer, type TestServer } from '../../../test/harness';
import { until } from '../../../test/until';

type Prompt = Record<string, unknown> & {
  id: string;
  prompt: string;
  promptOrigin: string;
  mjStatus: string;
  mjProgress: string;
  mjAction: string;
  mjTaskId: string;
  mjFailReason: string;
  imageUrl: string;
  imgId: string;
  power: number;
  parentId: string;
};

const P = '/api/smart-mj';
const WORDS = ['女孩', '咖啡馆', '阳光', '胶片', '猫'];

describe.each(backends)('mj prompts and drawings on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let adminId: bigint;
  let appId: string;
  beforeAll(async () => {
    s = await startSandboxedServer(kind);
    const t = await login(s.app);
    admin = t.access_token;
    adminId = BigInt(t.user_id);
    const db = s.handle.db;
    // a word pool: a business-dictionary header and its leaves (the leaf keys are the words)
    const header = nextId();
    await db.insert(dictBiz).values({
      id: header,
      tenantId: '000000',
      parentId: 0n,
      code: 'mj_scene',
      dictKey: '-1',
      dictValue: '场景',
    });
    await db.insert(dictBiz).values(
      WORDS.map((w, i) => ({
        id: header + BigInt(i + 1),
        tenantId: '000000',
        parentId: header,
        code: 'mj_scene',
        dictKey: w,
        dictValue: w,
      })),
    );
    const app = await call<{ id: string }>('POST', `${P}/mj_app/submit`, 'mjAppSubmit', admin, {
      appName: '配图',
      appCode: `cover_${kind}`,
    });
    appId = app.body.data.id;
    const phrase = await call<{ id: string }>('POST', `${P}/mj_phrase/submit`, 'mjPhraseSubmit', admin, {
      appId,
      phraseName: '封面',
      phraseSuffix: '--ar 3:4 --v 6',
      isPicture: 2,
      pictureUrl: 'https://cdn.example.com/ref-1.png',
    });
    expect(phrase.status, JSON.stringify(phrase.body)).toBe(200);
    const expand = await call('POST', `${P}/mj_phrase_expand/submit`, 'mjPhraseExpandSubmit', admin, {
      phraseId: phrase.body.data.id,
      dictbizId: String(header),
      minNum: 2,
      maxNum: 3,
    });
    expect(expand.status, JSON.stringify(expand.body)).toBe(200);
    await db.update(user).set({ power: 5 }).where(eq(user.id, adminId));
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = contractCall(() => s);
  const generate = (body: object) =>
    call<Prompt>('POST', `${P}/mj_prompt/generate`, 'mjPromptGenerate', admin, body);
  const draw = (body: object) => call<Prompt>('POST', `${P}/mj_prompt/draw`, 'mjPromptDraw', admin, body);
  const change = (body: object) =>
    call<Prompt>('POST', `${P}/mj_prompt/change`, 'mjPromptChange', admin, body);
  const detail = (id: string) =>
    call<Prompt>('GET', `${P}/mj_prompt/detail?id=${id}`, 'mjPromptDetail', admin);
  const finished = (id: string) =>
    until(
      async () => (await detail(id)).body.data,
      (p) => p.mjStatus === 'SUCCESS' || p.mjStatus === 'FAILURE',
    );
  const power = async () =>
    (await s.handle.db.select({ p: user.power }).from(user).where(eq(user.id, adminId)))[0]!.p;
  const handWritten = async (prompt: string) =>
    (await call<Prompt>('POST', `${P}/mj_prompt/submit`, 'mjPromptSubmit', admin, { appId, prompt })).body
      .data;

  it('generates a prompt from the pool words: reference image first, the suffix last', async () => {
    const res = await generate({ appId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    const words = p.promptOrigin.split(',');
    expect(words.length).toBeGreaterThanOrEqual(2);
    expect(words.length).toBeLessThanOrEqual(3);
    for (const w of words) expect(WORDS).toContain(w);
    expect(p.prompt.startsWith('https://cdn.example.com/ref-1.png ')).toBe(true);
    expect(p.prompt.endsWith(' --ar 3:4 --v 6')).toBe(true);
    // the simulated model writes the words into the prompt
    for (const w of words) expect(p.prompt).toContain(w);
    expect(p.mjStatus).toBe('');
  });

  it('refuses an unknown or disabled app with a reason', async () => {
    const unknown = await generate({ appId: '1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('所选应用不存在或已停用');
    await call('POST', `${P}/mj_app/enable?id=${appId}&status=0`, 'mjAppEnable', admin);
    expect((await generate({ appId })).body.msg).toBe('所选应用不存在或已停用');
    await call('POST', `${P}/mj_app/enable?id=${appId}&status=1`, 'mjAppEnable', admin);
  });

  it('draws a prompt: charged once, progress to SUCCESS, the image stored; an upscale of it too', async () => {
    const p = (await generate({ appId })).body.data;
    const before = await power();
    const res = await draw({ id: p.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.mjTaskId).not.toBe('');
    expect(res.body.data.power).toBe(2);
    const done = await finished(p.id);
    expect(done.mjStatus).toBe('SUCCESS');
    expect(done.mjProgress).toBe('100%');
    expect(done.mjAction).toBe('IMAGINE');
    // the image is copied into the tenant's storage (the local store here), the proxy's link kept as its origin
    expect(done.imageUrl).toMatch(/^\/api\/smart-resource\/oss\/file\/000000\/upload\/.+\.png$/u);
    expect(await power()).toBe(before - 2);
    const images = await s.handle.db.select().from(img).where(eq(img.bizId, p.id));
    expect(images).toHaveLength(1);
    expect(String(images[0]!.id)).toBe(done.imgId);
    expect(images[0]).toMatchObject({
      url: done.imageUrl,
      mimeType: 'image/png',
      width: GRID_SIZE,
      height: GRID_SIZE,
    });
    expect(images[0]!.originUrl).toMatch(/\/sandbox-mj\/image\/.+\.png$/u);
    const attached = await s.handle.db.select().from(attach).where(eq(attach.link, done.imageUrl));
    expect(attached).toHaveLength(1);
    expect(attached[0]).toMatchObject({ tenantId: '000000', extension: 'png' });
    // both are real PNGs the server serves
    for (const url of [done.imageUrl, new URL(images[0]!.originUrl).pathname]) {
      const png = await s.app.inject({ method: 'GET', url });
      expect(png.statusCode, url).toBe(200);
      expect(png.headers['content-type']).toContain('image/png');
    }
    // drawing it again is refused and charges nothing
    const again = await draw({ id: p.id });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该提示词正在绘制或已绘制完成');
    expect(await power()).toBe(before - 2);

    const up = await change({ id: p.id, action: 'UPSCALE', index: 2 });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.parentId).toBe(p.id);
    const upDone = await finished(up.body.data.id);
    expect(upDone.mjStatus).toBe('SUCCESS');
    expect(upDone.mjAction).toBe('UPSCALE');
    expect(await power()).toBe(before - 4);
    const logs = await s.handle.db
      .select()
      .from(powerLogs)
      .where(and(eq(powerLogs.bizType, 'MJ_PROMPT'), eq(powerLogs.bizId, p.id)));
    expect(logs).toHaveLength(1);
    // an upscale cannot be changed again; a variation needs the image number
    expect((await change({ id: upDone.id, action: 'VARIATION', index: 1 })).body.msg).toBe(
      '放大后的图片不能再放大或变换',
    );
    expect((await change({ id: p.id, action: 'VARIATION' })).body.msg).toBe('请选择第几张图');
  });

  it("refunds a banned prompt, keeps the proxy's reason, and can draw it again once fixed", async () => {
    await s.handle.db.update(user).set({ power: 5 }).where(eq(user.id, adminId));
    const p = await handWritten('a knight covered in blood --v 6');
    const res = await draw({ id: p.id });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('blood');
    expect(await power()).toBe(5);
    const row = (await detail(p.id)).body.data;
    expect(row.mjStatus).toBe('FAILURE');
    expect(row.mjFailReason).toContain('blood');
    const kinds = await s.handle.db
      .select({ t: powerLogs.changeType })
      .from(powerLogs)
      .where(eq(powerLogs.bizId, p.id));
    expect(kinds.map((k) => k.t).sort()).toEqual([5, 6]);
  });

  it('refunds a drawing that fails at the proxy', async () => {
    await s.handle.db.update(user).set({ power: 5 }).where(eq(user.id, adminId));
    const p = await handWritten('sandbox-fail a lighthouse');
    expect((await draw({ id: p.id })).status).toBe(200);
    const done = await finished(p.id);
    expect(done.mjStatus).toBe('FAILURE');
    expect(done.mjFailReason).not.toBe('');
    await until(power, (v) => v === 5);
    expect(await power()).toBe(5);
  });

  it('refuses a drawing the customer cannot pay for, and leaves the prompt undrawn', async () => {
    await s.handle.db.update(user).set({ power: 1 }).where(eq(user.id, adminId));
    const p = await handWritten('a quiet harbour at dawn');
    const res = await draw({ id: p.id });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('算力不足，需要 2');
    expect((await detail(p.id)).body.data.mjStatus).toBe('');
    expect(await power()).toBe(1);
  });

  it('charges one of two concurrent draws of a prompt', async () => {
    await s.handle.db.update(user).set({ power: 10 }).where(eq(user.id, adminId));
    const p = await handWritten('two cats on a windowsill');
    const results = await Promise.all([draw({ id: p.id }), draw({ id: p.id }), draw({ id: p.id })]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
    expect(await power()).toBe(8);
    await finished(p.id);
  });

  it('refuses a forged notification and ignores one for another task', async () => {
    const forged = await s.app.inject({
      method: 'POST',
      url: `${P}/mj_prompt/notify?token=1790000000000000401.AAAAAAAAAAAAAAAAAAAAAA`,
      payload: { id: '1', status: 'SUCCESS', imageUrl: 'https://evil.example.com/x.png' },
    });
    expect(forged.statusCode).toBe(400);
    const malformed = await s.app.inject({
      method: 'POST',
      url: `${P}/mj_prompt/notify?token=x`,
      payload: { id: '1' },
    });
    expect(malformed.statusCode).toBe(400);
    const rows = await s.handle.db
      .select()
      .from(mjPrompt)
      .where(eq(mjPrompt.imageUrl, 'https://evil.example.com/x.png'));
    expect(rows).toHaveLength(0);
  });

  it('answers bad bodies with the envelope', async () => {
    expect((await draw({})).status).toBe(400);
    expect((await change({ id: '1', action: 'ZOOM' })).status).toBe(400);
    expect((await change({ id: '1', action: 'UPSCALE', index: 5 })).status).toBe(400);
    expect((await generate({ appId: 'abc' })).status).toBe(400);
  });
});
