/** The Midjourney proxy client against the sandbox proxy (a bare Fastify app on 127.0.0.1), and against fake fetches. */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMjSandbox, SANDBOX_MJ_PATH, SANDBOX_MJ_SECRET_PREFIX } from '../sandbox/mj/index';
import {
  fetchTask,
  MjProxyError,
  parseMjTask,
  submitChange,
  submitImagine,
  type MjProxyConfig,
  type MjProxyErrorReason,
  type MjTask,
} from './proxy-client';

const SECRET = `${SANDBOX_MJ_SECRET_PREFIX}-client-test`;

let app: FastifyInstance;
let origin: string;
let cfg: MjProxyConfig;
const hooked: MjTask[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerMjSandbox(app, { paceMs: 20, concurrency: 20 });
  app.post('/hook', async (req) => {
    const t = parseMjTask(req.body);
    if (t) hooked.push(t);
    return {};
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${addr.port}`;
  cfg = { baseUrl: `${origin}${SANDBOX_MJ_PATH}/`, secret: SECRET, timeoutMs: 5_000 };
});
afterAll(async () => {
  await app.close();
});

/** The MjProxyError `p` rejects with (fails the test when it resolves or throws something else). */
async function refusal(p: Promise<unknown>): Promise<MjProxyError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MjProxyError);
  return err as MjProxyError;
}

async function until(id: string, check: (t: MjTask) => boolean): Promise<MjTask> {
  const end = Date.now() + 3_000;
  for (;;) {
    const t = await fetchTask(cfg, id);
    if (check(t)) return t;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const finished = (t: MjTask) => t.status === 'SUCCESS' || t.status === 'FAILURE';

describe('mj proxy client against the sandbox', () => {
  it('draws, upscales and reads the image', async () => {
    const sub = await submitImagine(cfg, { prompt: '湖边的灯塔', notifyHook: `${origin}/hook`, state: 's1' });
    expect(sub).toEqual({ taskId: expect.stringMatching(/^\d+$/), code: 1 });
    const grid = await until(sub.taskId, finished);
    expect(grid).toMatchObject({
      id: sub.taskId,
      action: 'IMAGINE',
      status: 'SUCCESS',
      progress: '100%',
      state: 's1',
      failReason: '',
    });
    const notes = hooked.filter((t) => t.id === sub.taskId).map((t) => t.status);
    expect(notes[0]).toBe('SUBMITTED');

    const up = await submitChange(cfg, { taskId: grid.id, action: 'UPSCALE', index: 1 });
    expect(up.code).toBe(1);
    const single = await until(up.taskId, finished);
    expect(single).toMatchObject({ action: 'UPSCALE', status: 'SUCCESS' });
    expect(await submitChange(cfg, { taskId: grid.id, action: 'UPSCALE', index: 1 })).toEqual({
      taskId: up.taskId,
      code: 21,
    });

    // the image URL's origin is the one the client called
    expect(single.imageUrl).toBe(`${origin}/sandbox-mj/image/${single.id}.png`);
    const res = await fetch(single.imageUrl);
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([512, 512]);

    const reroll = await submitChange(cfg, { taskId: grid.id, action: 'REROLL', index: 9 });
    expect(reroll.code).toBe(1);
  });

  it('reports a failed drawing as a FAILURE task', async () => {
    const sub = await submitImagine(cfg, { prompt: 'sandbox-fail 城堡' });
    const t = await until(sub.taskId, finished);
    expect(t.status).toBe('FAILURE');
    expect(t.failReason).not.toBe('');
  });

  it.each<[string, MjProxyErrorReason, number, string]>([
    ['带有血腥场面的海报', 'BANNED_PROMPT', 24, '提示词含违禁词：血腥'],
    ['a sandbox-queue-full test', 'QUEUE_FULL', 23, '绘图队列已满，请稍后再试'],
  ])('refuses %s as %s', async (prompt, reason, code, message) => {
    const err = await refusal(submitImagine(cfg, { prompt }));
    expect(err).toMatchObject({ reason, code, message });
    if (reason === 'BANNED_PROMPT') expect(err.bannedWord).toBe('血腥');
    expect(err.retriable).toBe(reason === 'QUEUE_FULL');
  });

  it('maps the change refusals', async () => {
    const missing = await refusal(submitChange(cfg, { taskId: '42', action: 'VARIATION', index: 1 }));
    expect(missing).toMatchObject({ reason: 'NOT_FOUND', code: 3 });
    const sub = await submitImagine(cfg, { prompt: '未完成' });
    const early = await refusal(submitChange(cfg, { taskId: sub.taskId, action: 'VARIATION', index: 1 }));
    expect(early).toMatchObject({ reason: 'VALIDATION', code: 4 });
    expect(early.message).toContain('关联任务状态错误');
    // checked before any call
    const noIndex = await refusal(submitChange(cfg, { taskId: sub.taskId, action: 'UPSCALE' }));
    expect(noIndex).toMatchObject({ reason: 'VALIDATION', code: undefined });
    expect(await refusal(submitImagine(cfg, { prompt: ' ' }))).toMatchObject({ reason: 'VALIDATION' });
  });

  it('says NOT_FOUND for an unknown task', async () => {
    const err = await refusal(fetchTask(cfg, '1234567890123456'));
    expect(err).toMatchObject({ reason: 'NOT_FOUND', message: '绘图任务不存在：1234567890123456' });
  });

  it('says UNAUTHORIZED for a wrong secret, without showing it', async () => {
    const secret = 'top-secret-value';
    const err = await refusal(submitImagine({ ...cfg, secret }, { prompt: 'x' }));
    expect(err).toMatchObject({ reason: 'UNAUTHORIZED', httpStatus: 401, message: '绘图服务密钥错误' });
    expect(`${err.message} ${err.stack ?? ''}`).not.toContain(secret);
    // no secret at all is accepted by the sandbox, as by a proxy configured without one
    expect((await submitImagine({ ...cfg, secret: '' }, { prompt: 'y' })).code).toBe(1);
  });

  it('says UNREACHABLE when nothing listens, or the address is invalid', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a ? a.port : 1));
      });
    });
    const err = await refusal(fetchTask({ baseUrl: `http://127.0.0.1:${port}/mj`, secret: SECRET }, '1'));
    expect(err).toMatchObject({
      reason: 'UNREACHABLE',
      message: `绘图服务无法连接：http://127.0.0.1:${port}`,
    });
    expect(err.retriable).toBe(true);
    const bad = await refusal(fetchTask({ baseUrl: 'ftp:/x', secret: SECRET }, '1'));
    expect(bad.reason).toBe('UNREACHABLE');
  });
});

/** A fetch answering `status` and `body` (a string as is, else JSON), recording the requests. */
function fakeFetch(
  status: number,
  body: unknown,
  seen: { url: string; init: RequestInit | undefined }[] = [],
) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    seen.push({ url: String(input), init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
}

describe('mj proxy client with a fake fetch', () => {
  const fake: MjProxyConfig = { baseUrl: 'http://mj.test:8080/mj', secret: 's3cr3t', timeoutMs: 50 };

  it('sends the secret header, JSON body and path', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const r = await submitImagine(
      fake,
      { prompt: ' p ', notifyHook: 'http://me/hook' },
      fakeFetch(
        200,
        { code: 22, description: '排队中', result: 77, properties: { numberOfQueues: 3 } },
        seen,
      ),
    );
    expect(r).toEqual({ taskId: '77', code: 22, queued: 3 });
    expect(seen[0]?.url).toBe('http://mj.test:8080/mj/submit/imagine');
    const headers = seen[0]?.init?.headers as Record<string, string>;
    expect(headers['mj-api-secret']).toBe('s3cr3t');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ prompt: 'p', notifyHook: 'http://me/hook' });

    await submitChange(
      { ...fake, secret: '' },
      { taskId: 't1', action: 'VARIATION', index: 3 },
      fakeFetch(200, { code: 1, result: 'id' }, seen),
    );
    expect(seen[1]?.url).toBe('http://mj.test:8080/mj/submit/change');
    expect((seen[1]?.init?.headers as Record<string, string>)['mj-api-secret']).toBeUndefined();
    expect(JSON.parse(String(seen[1]?.init?.body))).toEqual({ taskId: 't1', action: 'VARIATION', index: 3 });
  });

  it.each<[string, number, unknown, MjProxyErrorReason]>([
    ['an HTML page', 200, '<html>oops</html>', 'BAD_ANSWER'],
    ['an envelope without a task id', 200, { code: 1, result: null }, 'BAD_ANSWER'],
    ['a JSON array', 200, [1], 'BAD_ANSWER'],
    ['a 500', 500, { timestamp: 1, status: 500 }, 'BAD_ANSWER'],
    ['a 404', 404, '', 'BAD_ANSWER'],
    ['a 503', 503, '', 'UNREACHABLE'],
    ['a 403', 403, '', 'UNAUTHORIZED'],
    ['code 9', 200, { code: 9, description: 'Discord error' }, 'FAILURE'],
    ['code 4 on HTTP 400', 400, { code: 4, description: 'prompt不能为空' }, 'VALIDATION'],
    ['an unknown code', 200, { code: 77 }, 'FAILURE'],
  ])('maps %s to %s', async (_name, status, body, reason) => {
    const err = await refusal(submitImagine(fake, { prompt: 'p' }, fakeFetch(status, body)));
    expect(err.reason).toBe(reason);
  });

  it('never shows the secret, even when the proxy echoes it', async () => {
    const err = await refusal(
      submitImagine(fake, { prompt: 'p' }, fakeFetch(200, { code: 9, description: 'bad secret s3cr3t' })),
    );
    expect(err.message).toBe('绘图服务处理失败：bad secret ***');
  });

  it('times out as UNREACHABLE', async () => {
    const hang = (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const err = await refusal(fetchTask(fake, '1', hang));
    expect(err).toMatchObject({
      reason: 'UNREACHABLE',
      message: '绘图服务响应超时（50 毫秒）：http://mj.test:8080',
    });
  });

  it('reads a fetch answer, a refusal envelope, and a task of another id', async () => {
    const task = { id: '5', action: 'IMAGINE', status: 'IN_PROGRESS', progress: '40%', prompt: 'p' };
    expect(await fetchTask(fake, '5', fakeFetch(200, task))).toMatchObject({ id: '5', progress: '40%' });
    expect(await refusal(fetchTask(fake, '5', fakeFetch(200, 'null')))).toMatchObject({
      reason: 'NOT_FOUND',
    });
    expect(await refusal(fetchTask(fake, '5', fakeFetch(200, { code: 3 })))).toMatchObject({
      reason: 'NOT_FOUND',
      code: 3,
    });
    expect(await refusal(fetchTask(fake, '6', fakeFetch(200, task)))).toMatchObject({ reason: 'BAD_ANSWER' });
    expect(await refusal(fetchTask(fake, '5', fakeFetch(200, { id: '5' })))).toMatchObject({
      reason: 'BAD_ANSWER',
    });
  });
});

describe('parseMjTask', () => {
  it('normalises a Task JSON', () => {
    expect(
      parseMjTask({
        id: 1689231405853400,
        action: 'upscale',
        status: 'SUCCESS',
        prompt: '猫',
        promptEn: 'cat',
        description: '/up 1 U1',
        state: null,
        submitTime: 1689231405854,
        startTime: '1689231405900',
        finishTime: null,
        progress: '',
        imageUrl: ' https://cdn/x.png ',
        properties: { finalPrompt: 'cat' },
      }),
    ).toEqual({
      id: '1689231405853400',
      action: 'UPSCALE',
      status: 'SUCCESS',
      prompt: '猫',
      promptEn: 'cat',
      description: '/up 1 U1',
      state: '',
      submitTime: 1689231405854,
      startTime: 1689231405900,
      finishTime: null,
      progress: '100%',
      imageUrl: 'https://cdn/x.png',
      failReason: '',
    });
  });

  it('folds MODAL and CANCEL into the five states, and clamps progress', () => {
    expect(parseMjTask({ id: 'a', status: 'MODAL', progress: 30 })).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '30%',
    });
    expect(parseMjTask({ id: 'a', status: 'CANCEL' })).toMatchObject({
      status: 'FAILURE',
      failReason: '任务已取消',
    });
    expect(parseMjTask({ id: 'a', status: 'IN_PROGRESS', progress: '130%' })?.progress).toBe('100%');
    expect(parseMjTask({ id: 'a', status: 'NOT_START', progress: 'soon' })?.progress).toBe('0%');
  });

  it.each([
    null,
    'x',
    [],
    {},
    { id: '', status: 'SUCCESS' },
    { id: 'a', status: 'DONE' },
    { id: 'a' },
    {
      id: 'a',
      status: 'SUCCESS',
      imageUrl: 5,
    },
  ])('is undefined for %j', (body) => {
    expect(parseMjTask(body)).toBeUndefined();
  });
});
