/** The sandbox Midjourney proxy on a bare Fastify app: the states and their notifications, refusals, changes, images. */
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MjTask } from '../../mj/proxy-client';
import { GRID_SIZE, PlaceholderCache, renderPlaceholder, TILE_SIZE } from './placeholder-image';
import {
  registerMjSandbox,
  SANDBOX_MJ_IMAGE_PATH,
  SANDBOX_MJ_MAX_UNFINISHED,
  SANDBOX_MJ_PATH,
  type MjSandbox,
} from './index';

const PACE_MS = 20;

let app: FastifyInstance;
let sandbox: MjSandbox;
let origin: string;
/** What the notify hook received, per task id, in order. */
const notified = new Map<string, MjTask[]>();

beforeAll(async () => {
  app = Fastify({ logger: false });
  sandbox = registerMjSandbox(app, { paceMs: PACE_MS, concurrency: 50 });
  app.post('/hook', async (req) => {
    const t = req.body as MjTask;
    notified.set(t.id, [...(notified.get(t.id) ?? []), t]);
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await app.close();
});

interface Envelope {
  code: number;
  description: string;
  result: string | null;
  properties: Record<string, unknown>;
}

const post = async (path: string, body: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${SANDBOX_MJ_PATH}${path}`, payload: body, headers });
const submit = async (path: string, body: object): Promise<Envelope> => {
  const res = await post(path, body);
  expect(res.statusCode).toBe(200);
  return res.json<Envelope>();
};
const imagine = (prompt: string, extra: object = {}) => submit('/submit/imagine', { prompt, ...extra });
const fetchTask = async (id: string): Promise<MjTask> =>
  (await app.inject({ method: 'GET', url: `${SANDBOX_MJ_PATH}/task/${id}/fetch` })).json<MjTask>();

/** Polls until `check` holds (the sandbox's steps are `PACE_MS` apart). */
async function until<T>(get: () => Promise<T> | T, check: (v: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (check(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const finished = (t: MjTask) => t.status === 'SUCCESS' || t.status === 'FAILURE';

/** An imagine that reached SUCCESS. */
async function drawn(prompt: string): Promise<MjTask> {
  const { result } = await imagine(prompt);
  return until(
    () => fetchTask(result ?? ''),
    (t) => t.status === 'SUCCESS',
  );
}

describe('sandbox mj proxy: a task', () => {
  it('goes NOT_START → SUBMITTED → IN_PROGRESS → SUCCESS, notifying every step in order', async () => {
    const sub = await imagine('一只猫在海边看日落', { notifyHook: `${origin}/hook`, state: 'row-7' });
    expect(sub).toMatchObject({ code: 1, description: '提交成功', properties: {} });
    const id = sub.result ?? '';
    expect(id).toMatch(/^\d{16}$/);

    const first = await fetchTask(id);
    expect(first).toMatchObject({
      id,
      action: 'IMAGINE',
      status: 'NOT_START',
      prompt: '一只猫在海边看日落',
      description: '/imagine 一只猫在海边看日落',
      state: 'row-7',
      progress: '0%',
      imageUrl: '',
      startTime: null,
    });
    expect(first.submitTime).toBeGreaterThan(0);

    const hooks = await until(
      () => notified.get(id) ?? [],
      (l) => l.some((t) => t.status === 'SUCCESS'),
    );
    expect(hooks.map((t) => `${t.status} ${t.progress}`)).toEqual([
      'SUBMITTED 0%',
      'IN_PROGRESS 25%',
      'IN_PROGRESS 50%',
      'IN_PROGRESS 75%',
      'SUCCESS 100%',
    ]);
    const done = await fetchTask(id);
    expect(done).toEqual(hooks.at(-1));
    expect(done.imageUrl).toBe(`http://localhost:80${SANDBOX_MJ_IMAGE_PATH}/${id}.png`);
    expect(done.state).toBe('row-7');
    expect(done.startTime).toBeGreaterThanOrEqual(done.submitTime ?? 0);
    expect(done.finishTime).toBeGreaterThanOrEqual(done.startTime ?? 0);
    expect(done.finishTime! - done.startTime!).toBeGreaterThanOrEqual(PACE_MS * 4 - 5);
  });

  it('fails when the prompt says sandbox-fail', async () => {
    const { code, result } = await imagine('a castle sandbox-fail', { notifyHook: `${origin}/hook` });
    expect(code).toBe(1);
    const t = await until(() => fetchTask(result ?? ''), finished);
    expect(t).toMatchObject({ status: 'FAILURE', imageUrl: '' });
    expect(t.failReason).toContain('sandbox-fail');
    const hooks = await until(
      () => notified.get(t.id) ?? [],
      (l) => l.length === 3,
    );
    expect(hooks.map((h) => h.status)).toEqual(['SUBMITTED', 'IN_PROGRESS', 'FAILURE']);
  });

  it('refuses a banned word with 24 and names it', async () => {
    for (const [prompt, word] of [
      ['A NSFW poster', 'nsfw'],
      ['一幅血腥的战争画', '血腥'],
      ['暴力美学', '暴力'],
    ] as const) {
      const a = await imagine(prompt);
      expect(a).toMatchObject({ code: 24, result: null, properties: { bannedWord: word } });
    }
  });

  it('refuses with 23 when the prompt asks or the queue is full', async () => {
    expect(await imagine('x sandbox-queue-full')).toMatchObject({ code: 23, result: null });

    const busy = Fastify({ logger: false });
    const sb = registerMjSandbox(busy, { paceMs: 60_000 });
    try {
      const codes: number[] = [];
      for (let i = 0; i <= SANDBOX_MJ_MAX_UNFINISHED; i++) {
        const res = await busy.inject({
          method: 'POST',
          url: `${SANDBOX_MJ_PATH}/submit/imagine`,
          payload: { prompt: `p${i}` },
        });
        codes.push(res.json<Envelope>().code);
      }
      // three drawing, the fourth waits with none ahead (1), then 22 with 1…6 ahead, then full
      expect(codes).toEqual([1, 1, 1, 1, 22, 22, 22, 22, 22, 22, 23]);
      const queue = await busy.inject({ method: 'GET', url: `${SANDBOX_MJ_PATH}/task/queue` });
      expect(queue.json<MjTask[]>()).toHaveLength(SANDBOX_MJ_MAX_UNFINISHED);
      expect(sb.tasks()).toHaveLength(SANDBOX_MJ_MAX_UNFINISHED);
    } finally {
      await busy.close();
    }
  });

  it('answers 22 with numberOfQueues when tasks wait ahead', async () => {
    const one = Fastify({ logger: false });
    registerMjSandbox(one, { paceMs: 60_000, concurrency: 1 });
    try {
      const send = async (prompt: string) =>
        (
          await one.inject({ method: 'POST', url: `${SANDBOX_MJ_PATH}/submit/imagine`, payload: { prompt } })
        ).json<Envelope>();
      expect((await send('a')).code).toBe(1);
      expect((await send('b')).code).toBe(1);
      expect(await send('c')).toMatchObject({ code: 22, properties: { numberOfQueues: 1 } });
      expect(await send('d')).toMatchObject({ code: 22, properties: { numberOfQueues: 2 } });
    } finally {
      await one.close();
    }
  });

  it('validates the submit', async () => {
    expect(await imagine('  ')).toMatchObject({ code: 4 });
    expect(await submit('/submit/imagine', { prompt: 'x', base64Array: 'nope' })).toMatchObject({ code: 4 });
    const bad = await app.inject({
      method: 'POST',
      url: `${SANDBOX_MJ_PATH}/submit/imagine`,
      headers: { 'content-type': 'application/json' },
      payload: '{"prompt":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 4 });
  });

  it('answers an unknown id with an empty 200, and lists by ids', async () => {
    const res = await app.inject({ method: 'GET', url: `${SANDBOX_MJ_PATH}/task/404/fetch` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    const a = await imagine('list me');
    const list = await post('/task/list-by-condition', { ids: [a.result, 'nope'] });
    expect(list.json<MjTask[]>().map((t) => t.id)).toEqual([a.result]);
    expect((await post('/task/list-by-condition', {})).json()).toEqual([]);
  });
});

describe('sandbox mj proxy: changes', () => {
  it('upscales, varies and rerolls a finished grid; an identical upscale answers 21', async () => {
    const grid = await drawn('山间小屋');
    const up = await submit('/submit/change', {
      taskId: grid.id,
      action: 'UPSCALE',
      index: 2,
      notifyHook: `${origin}/hook`,
    });
    expect(up.code).toBe(1);
    const upTask = await until(() => fetchTask(up.result ?? ''), finished);
    expect(upTask).toMatchObject({
      action: 'UPSCALE',
      status: 'SUCCESS',
      prompt: '山间小屋',
      description: `/up ${grid.id} U2`,
    });

    const again = await submit('/submit/change', { taskId: grid.id, action: 'UPSCALE', index: 2 });
    expect(again).toMatchObject({
      code: 21,
      result: upTask.id,
      properties: { status: 'SUCCESS', imageUrl: upTask.imageUrl },
    });

    const simple = await submit('/submit/simple-change', { content: `${grid.id} U3` });
    expect(simple.code).toBe(1);
    expect((await fetchTask(simple.result ?? '')).description).toBe(`/up ${grid.id} U3`);

    const variation = await submit('/submit/change', { taskId: grid.id, action: 'VARIATION', index: 1 });
    const reroll = await submit('/submit/simple-change', { content: `${grid.id} R` });
    const v = await until(() => fetchTask(variation.result ?? ''), finished);
    const r = await until(() => fetchTask(reroll.result ?? ''), finished);
    expect(v).toMatchObject({ action: 'VARIATION', status: 'SUCCESS', description: `/up ${grid.id} V1` });
    expect(r).toMatchObject({ action: 'REROLL', status: 'SUCCESS', description: `/up ${grid.id} R` });

    // a variation is a grid again: it can be upscaled; an upscale cannot be changed
    expect((await submit('/submit/change', { taskId: v.id, action: 'UPSCALE', index: 4 })).code).toBe(1);
    expect(
      await submit('/submit/change', { taskId: upTask.id, action: 'VARIATION', index: 1 }),
    ).toMatchObject({
      code: 4,
      description: '关联任务不允许执行变化',
    });
  });

  it('refuses unknown, unfinished and malformed changes', async () => {
    expect(await submit('/submit/change', { taskId: '123', action: 'UPSCALE', index: 1 })).toMatchObject({
      code: 3,
    });
    const pending = await imagine('还没画完');
    expect(
      await submit('/submit/change', { taskId: pending.result, action: 'UPSCALE', index: 1 }),
    ).toMatchObject({ code: 4, description: '关联任务状态错误' });
    const grid = await drawn('画好了');
    for (const body of [
      { taskId: grid.id, action: 'UPSCALE' },
      { taskId: grid.id, action: 'UPSCALE', index: 5 },
      { taskId: grid.id, action: 'ZOOM', index: 1 },
      { action: 'REROLL' },
    ])
      expect((await submit('/submit/change', body)).code).toBe(4);
    expect((await submit('/submit/simple-change', { content: `${grid.id} U9` })).code).toBe(4);
    expect((await submit('/submit/simple-change', { content: 'U1' })).code).toBe(4);
    const failed = await imagine('x sandbox-fail');
    await until(() => fetchTask(failed.result ?? ''), finished);
    expect((await submit('/submit/simple-change', { content: `${failed.result} V1` })).code).toBe(4);
  });
});

describe('sandbox mj proxy: secret', () => {
  it('accepts no secret or one with the prefix, refuses another with 401', async () => {
    const url = `${SANDBOX_MJ_PATH}/task/queue`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const ok = await app.inject({ method: 'GET', url, headers: { 'mj-api-secret': 'mj-sandbox-1' } });
    expect(ok.statusCode).toBe(200);
    const wrong = await post('/submit/imagine', { prompt: 'x' }, { 'mj-api-secret': 'other' });
    expect(wrong.statusCode).toBe(401);
    expect(sandbox.tasks().some((t) => t.prompt === 'x')).toBe(false);
  });
});

describe('sandbox mj proxy: images', () => {
  const png = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    return PNG.sync.read(res.rawPayload);
  };
  const pixel = (p: PNG, x: number, y: number) => [
    ...p.data.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 3),
  ];

  it('serves a 1024² grid of four distinct tiles, and a 512² upscale equal to its tile', async () => {
    const grid = await drawn('城市夜景');
    const g = await png(grid.imageUrl);
    expect([g.width, g.height]).toEqual([GRID_SIZE, GRID_SIZE]);
    const corners = [0, 1, 2, 3].map((i) =>
      JSON.stringify(pixel(g, (i % 2) * TILE_SIZE, Math.floor(i / 2) * TILE_SIZE)),
    );
    expect(new Set(corners).size).toBe(4);

    const up = await submit('/submit/change', { taskId: grid.id, action: 'UPSCALE', index: 4 });
    const upTask = await until(() => fetchTask(up.result ?? ''), finished);
    const u = await png(upTask.imageUrl);
    expect([u.width, u.height]).toEqual([TILE_SIZE, TILE_SIZE]);
    for (const [x, y] of [
      [0, 0],
      [100, 300],
      [511, 511],
    ] as const)
      expect(pixel(u, x, y)).toEqual(pixel(g, TILE_SIZE + x, TILE_SIZE + y));
  });

  it('404s an unknown or unfinished task', async () => {
    expect((await app.inject({ method: 'GET', url: `${SANDBOX_MJ_IMAGE_PATH}/1.png` })).statusCode).toBe(404);
    const pending = await imagine('pending');
    const res = await app.inject({ method: 'GET', url: `${SANDBOX_MJ_IMAGE_PATH}/${pending.result}.png` });
    expect(res.statusCode).toBe(404);
  });

  it('draws the same bytes for the same seed, and keeps a bounded cache', () => {
    expect(renderPlaceholder({ seed: 'a' }).equals(renderPlaceholder({ seed: 'a' }))).toBe(true);
    expect(renderPlaceholder({ seed: 'a', tile: 1 }).equals(renderPlaceholder({ seed: 'b', tile: 1 }))).toBe(
      false,
    );
    const cache = new PlaceholderCache(2);
    const first = cache.get({ seed: 'a', tile: 1 });
    cache.get({ seed: 'b', tile: 1 });
    cache.get({ seed: 'c', tile: 1 });
    expect(cache.size).toBe(2);
    expect(cache.get({ seed: 'a', tile: 1 }).equals(first)).toBe(true);
  });

  it('uses publicOrigin for image URLs', async () => {
    const other = Fastify({ logger: false });
    const sb = registerMjSandbox(other, { paceMs: 1, publicOrigin: () => 'https://mj.example.test' });
    try {
      const res = await other.inject({
        method: 'POST',
        url: `${SANDBOX_MJ_PATH}/submit/imagine`,
        payload: { prompt: 'p' },
      });
      const id = res.json<Envelope>().result;
      const t = await until(
        () => sb.tasks().find((x) => x.id === id),
        (x) => x?.status === 'SUCCESS',
      );
      expect(t?.imageUrl).toBe(`https://mj.example.test${SANDBOX_MJ_IMAGE_PATH}/${id}.png`);
    } finally {
      await other.close();
    }
  });

  it('stops when the app closes', async () => {
    const other = Fastify({ logger: false });
    const sb = registerMjSandbox(other, { paceMs: 30 });
    await other.inject({
      method: 'POST',
      url: `${SANDBOX_MJ_PATH}/submit/imagine`,
      payload: { prompt: 'p' },
    });
    await other.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(sb.tasks()[0]?.status).toBe('NOT_START');
  });
});
