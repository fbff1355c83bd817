/**
 * The sandbox Midjourney proxy: a fake of the midjourney-proxy API (docs/automation-domain.md §3.9, "Fake") mounted
 * under `/sandbox-mj/mj`, so that an mj configuration with base URL `http://<server>/sandbox-mj/mj` (and, if any, a
 * secret starting `mj-sandbox`) draws without a Discord account. Tests mount it on a bare Fastify app.
 *
 * Routes under SANDBOX_MJ_PATH, answering `{code, description, result, properties}` as the proxy does:
 * `POST /submit/imagine`, `POST /submit/change`, `POST /submit/simple-change` (`{content: "<taskId> U2"}`),
 * `GET /task/:id/fetch` (the Task JSON; an unknown id answers 200 with an empty body, as the proxy does),
 * `POST /task/list-by-condition` (`{ids}`), `GET /task/queue` (unfinished tasks). The header `mj-api-secret` may be
 * left out; when sent it must start with SANDBOX_MJ_SECRET_PREFIX, else 401.
 *
 * Behaviour (§4.5): a task goes NOT_START → SUBMITTED → IN_PROGRESS (25%, 50%, 75%) → SUCCESS (100%, imageUrl), one
 * step every `paceMs`, at most `concurrency` tasks at a time (the others wait in NOT_START: code 22 when tasks wait
 * ahead of it); every step is POSTed to the task's notifyHook, in order. A prompt with a banned word
 * (SANDBOX_MJ_BANNED_WORDS) is refused with 24, one with `sandbox-queue-full` with 23, as is any submit while
 * MAX_UNFINISHED tasks are unfinished; a prompt with `sandbox-fail` fails after IN_PROGRESS 25%. Images are
 * placeholders served at `/sandbox-mj/image/<taskId>.png` (./placeholder-image.ts).
 *
 * Nothing in production code imports this folder.
 */
import { randomInt } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MjTask, MjTaskStatus } from '../../mj/proxy-client';
import { PlaceholderCache, type PlaceholderSpec } from './placeholder-image';

/** Where the sandbox proxy is mounted; an mj configuration's base URL is the server's origin followed by this. */
export const SANDBOX_MJ_PATH = '/sandbox-mj/mj';
/** Where its images are served: `${origin}${SANDBOX_MJ_IMAGE_PATH}/<taskId>.png`. */
export const SANDBOX_MJ_IMAGE_PATH = '/sandbox-mj/image';
/** A secret, when sent, must start so. */
export const SANDBOX_MJ_SECRET_PREFIX = 'mj-sandbox';
/** Words a prompt is refused for (code 24), matched case-insensitively. */
export const SANDBOX_MJ_BANNED_WORDS: readonly string[] = [
  'nsfw',
  'nude',
  'blood',
  'gore',
  '血腥',
  '暴力',
  '色情',
];
/** A prompt containing this is refused with 23 (queue full). */
export const SANDBOX_MJ_QUEUE_FULL_WORD = 'sandbox-queue-full';
/** A prompt containing this makes a task that fails. */
export const SANDBOX_MJ_FAIL_WORD = 'sandbox-fail';
/** Unfinished tasks (waiting or drawing) the queue holds; a submit beyond is refused with 23. */
export const SANDBOX_MJ_MAX_UNFINISHED = 10;
/** Tasks kept (the oldest finished ones go first). */
export const SANDBOX_MJ_MAX_TASKS = 500;

export interface MjSandboxOptions {
  /** Time between two states of a task (default 1500 ms). */
  paceMs?: number;
  /** The origin of image URLs (default: from the submitting request's protocol and host). */
  publicOrigin?: () => string;
  /** Tasks drawn at the same time (default 3); the others wait. */
  concurrency?: number;
}

export interface MjSandbox {
  /** Copies of the tasks kept, oldest first (tests). */
  tasks(): readonly MjTask[];
  /** Stops the progression and the notifications (also done when the app closes). */
  close(): void;
}

type Json = Record<string, unknown>;
type Tile = 1 | 2 | 3 | 4;

interface Envelope {
  code: number;
  description: string;
  result: string | null;
  properties: Json;
}

const answer = (code: number, description: string, result: string | null = null, properties: Json = {}) =>
  ({ code, description, result, properties }) satisfies Envelope;

const NOTIFY_TIMEOUT_MS = 5_000;
const PROGRESS = ['25%', '50%', '75%'] as const;
const CHANGE_ACTIONS = ['UPSCALE', 'VARIATION', 'REROLL'] as const;
type ChangeAction = (typeof CHANGE_ACTIONS)[number];
/** Only these can be changed again: an upscale is a single image (the proxy's rule). */
const CHANGEABLE: ReadonlySet<string> = new Set(['IMAGINE', 'VARIATION', 'REROLL']);
const FINISHED: ReadonlySet<MjTaskStatus> = new Set(['SUCCESS', 'FAILURE']);

interface SimTask {
  task: MjTask;
  /** Fails instead of succeeding (prompt with SANDBOX_MJ_FAIL_WORD). */
  fail: boolean;
  hook: string | undefined;
  /** The origin of the image URL, fixed when submitted. */
  origin: string;
  image: PlaceholderSpec;
  /** Has a drawing slot (false while waiting in the queue). */
  started: boolean;
  timer: NodeJS.Timeout | undefined;
  /** The notifications of this task, one after the other so that the hook sees the states in order. */
  notifying: Promise<void>;
}

const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** An http(s) URL to notify, else undefined (anything else is ignored, as a hook nobody can receive). */
function hookOf(v: unknown): string | undefined {
  const s = text(v);
  if (!s) return undefined;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The first banned word in a prompt, as listed. */
function bannedWordOf(prompt: string): string | undefined {
  const p = prompt.toLowerCase();
  return SANDBOX_MJ_BANNED_WORDS.find((w) => p.includes(w.toLowerCase()));
}

class Refusal extends Error {
  constructor(readonly envelope: Envelope) {
    super(envelope.description);
  }
}

const refuse = (code: number, description: string, properties: Json = {}) =>
  new Refusal(answer(code, description, null, properties));

class MjSandboxState implements MjSandbox {
  private readonly byId = new Map<string, SimTask>();
  private readonly images = new PlaceholderCache();
  private readonly abort = new AbortController();
  private readonly paceMs: number;
  private readonly concurrency: number;
  private running = 0;
  private closed = false;

  constructor(private readonly opts: MjSandboxOptions) {
    this.paceMs = Math.max(0, opts.paceMs ?? 1_500);
    this.concurrency = Math.max(1, Math.floor(opts.concurrency ?? 3));
  }

  tasks(): readonly MjTask[] {
    return [...this.byId.values()].map((s) => ({ ...s.task }));
  }

  task(id: string): MjTask | undefined {
    const s = this.byId.get(id);
    return s ? { ...s.task } : undefined;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.byId.values()) clearTimeout(s.timer);
    this.abort.abort();
  }

  private unfinished(): SimTask[] {
    return [...this.byId.values()].filter((s) => !FINISHED.has(s.task.status));
  }

  private newId(): string {
    // the proxy's ids: the time in ms and three random digits
    for (;;) {
      const id = `${Date.now()}${randomInt(100, 1000)}`;
      if (!this.byId.has(id)) return id;
    }
  }

  /** Adds a task, then answers 1, or 22 when tasks wait ahead of it. */
  private enqueue(sim: SimTask): Envelope {
    const ahead = this.unfinished().filter((s) => !s.started).length;
    this.byId.set(sim.task.id, sim);
    this.trim();
    this.pump();
    if (sim.started || ahead === 0) return answer(1, '提交成功', sim.task.id);
    return answer(22, `排队中，前面还有${ahead}个任务`, sim.task.id, { numberOfQueues: ahead });
  }

  /** Drops the oldest finished tasks beyond SANDBOX_MJ_MAX_TASKS (unfinished ones are few: never dropped). */
  private trim(): void {
    if (this.byId.size <= SANDBOX_MJ_MAX_TASKS) return;
    for (const [id, s] of this.byId) {
      if (this.byId.size <= SANDBOX_MJ_MAX_TASKS) break;
      if (FINISHED.has(s.task.status)) this.byId.delete(id);
    }
  }

  /** Gives free drawing slots to waiting tasks, oldest first. */
  private pump(): void {
    if (this.closed) return;
    for (const s of this.byId.values()) {
      if (this.running >= this.concurrency) return;
      if (s.started || FINISHED.has(s.task.status)) continue;
      s.started = true;
      this.running++;
      this.schedule(s);
    }
  }

  private schedule(s: SimTask): void {
    if (this.closed) return;
    s.timer = setTimeout(() => {
      s.timer = undefined;
      this.advance(s);
    }, this.paceMs);
    s.timer.unref();
  }

  /** One step of §4.5. */
  private advance(s: SimTask): void {
    if (this.closed) return;
    const t = s.task;
    const now = Date.now();
    if (t.status === 'NOT_START') {
      t.status = 'SUBMITTED';
      t.startTime = now;
      t.progress = '0%';
    } else if (t.status === 'SUBMITTED') {
      t.status = 'IN_PROGRESS';
      t.progress = PROGRESS[0];
    } else if (t.status === 'IN_PROGRESS' && s.fail) {
      t.status = 'FAILURE';
      t.finishTime = now;
      t.failReason = `沙箱模拟的绘图失败（提示词含 ${SANDBOX_MJ_FAIL_WORD}）`;
    } else if (t.status === 'IN_PROGRESS') {
      const next = PROGRESS[PROGRESS.indexOf(t.progress as (typeof PROGRESS)[number]) + 1];
      if (next) t.progress = next;
      else {
        t.status = 'SUCCESS';
        t.progress = '100%';
        t.finishTime = now;
        t.imageUrl = `${s.origin}${SANDBOX_MJ_IMAGE_PATH}/${t.id}.png`;
      }
    }
    this.notify(s);
    if (FINISHED.has(t.status)) {
      this.running--;
      this.pump();
    } else this.schedule(s);
  }

  /** POSTs the task as it is now to its hook, after the previous notifications of the task; errors are ignored. */
  private notify(s: SimTask): void {
    const url = s.hook;
    if (!url || this.closed) return;
    const body = JSON.stringify(s.task);
    s.notifying = s.notifying.then(async () => {
      if (this.closed) return;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(NOTIFY_TIMEOUT_MS)]),
        });
        await res.arrayBuffer();
      } catch {
        // fire-and-forget, as the proxy: a hook that is down misses the notification, the fetch API still answers
      }
    });
  }

  private newTask(
    fields: Pick<MjTask, 'action' | 'prompt' | 'promptEn' | 'description'>,
    body: Json,
    origin: string,
    image: (id: string) => PlaceholderSpec,
    fail: boolean,
  ): SimTask {
    const id = this.newId();
    return {
      task: {
        id,
        ...fields,
        status: 'NOT_START',
        state: typeof body.state === 'string' ? body.state : '',
        submitTime: Date.now(),
        startTime: null,
        finishTime: null,
        progress: '0%',
        imageUrl: '',
        failReason: '',
      },
      fail,
      hook: hookOf(body.notifyHook),
      origin,
      image: image(id),
      started: false,
      timer: undefined,
      notifying: Promise.resolve(),
    };
  }

  private checkQueue(): void {
    if (this.unfinished().length >= SANDBOX_MJ_MAX_UNFINISHED) throw refuse(23, '队列已满，请稍后尝试');
  }

  imagine(body: Json, origin: string): Envelope {
    const prompt = text(body.prompt);
    if (!prompt) throw refuse(4, 'prompt不能为空');
    if (
      body.base64Array !== undefined &&
      (!Array.isArray(body.base64Array) || body.base64Array.some((b) => typeof b !== 'string'))
    )
      throw refuse(4, 'base64格式错误');
    const banned = bannedWordOf(prompt);
    if (banned) throw refuse(24, '可能包含敏感词', { promptEn: prompt, bannedWord: banned });
    if (prompt.includes(SANDBOX_MJ_QUEUE_FULL_WORD)) throw refuse(23, '队列已满，请稍后尝试');
    this.checkQueue();
    const sim = this.newTask(
      { action: 'IMAGINE', prompt, promptEn: prompt, description: `/imagine ${prompt}` },
      body,
      origin,
      (id) => ({ seed: `${id}\n${prompt}` }),
      prompt.includes(SANDBOX_MJ_FAIL_WORD),
    );
    return this.enqueue(sim);
  }

  change(body: Json, origin: string): Envelope {
    const taskId = text(body.taskId);
    if (!taskId) throw refuse(4, 'taskId不能为空');
    const action = text(body.action).toUpperCase();
    if (!(CHANGE_ACTIONS as readonly string[]).includes(action)) throw refuse(4, 'action参数错误');
    let index: Tile | undefined;
    if (action !== 'REROLL') {
      const i = body.index;
      if (typeof i !== 'number' || !Number.isInteger(i) || i < 1 || i > 4) throw refuse(4, 'index参数错误');
      index = i as Tile;
    }
    return this.changeOf(taskId, action as ChangeAction, index, body, origin);
  }

  simpleChange(body: Json, origin: string): Envelope {
    const m = /^(\S+)\s+(?:([UV])([1-4])|(R))$/iu.exec(text(body.content));
    if (!m?.[1]) throw refuse(4, 'content参数错误');
    const letter = (m[2] ?? m[4] ?? '').toUpperCase();
    const action: ChangeAction = letter === 'U' ? 'UPSCALE' : letter === 'V' ? 'VARIATION' : 'REROLL';
    const index = m[3] ? (Number(m[3]) as Tile) : undefined;
    return this.changeOf(m[1], action, index, body, origin);
  }

  private changeOf(
    taskId: string,
    action: ChangeAction,
    index: Tile | undefined,
    body: Json,
    origin: string,
  ): Envelope {
    const parent = this.byId.get(taskId);
    if (!parent) throw refuse(3, '关联任务不存在或已失效');
    if (parent.task.status !== 'SUCCESS') throw refuse(4, '关联任务状态错误');
    if (!CHANGEABLE.has(parent.task.action)) throw refuse(4, '关联任务不允许执行变化');
    const description = `/up ${taskId} ${action === 'REROLL' ? 'R' : `${action.charAt(0)}${index}`}`;
    if (action === 'UPSCALE') {
      // the same upscale of the same grid is the same image: the proxy answers the earlier task (21)
      const existing = [...this.byId.values()].find(
        (s) => s.task.description === description && s.task.status !== 'FAILURE',
      );
      if (existing)
        return answer(21, '任务已存在', existing.task.id, {
          status: existing.task.status,
          imageUrl: existing.task.imageUrl,
        });
    }
    this.checkQueue();
    const { prompt, promptEn } = parent.task;
    const sim = this.newTask(
      { action, prompt, promptEn, description },
      body,
      origin,
      (id) =>
        action === 'UPSCALE' && index !== undefined
          ? { seed: parent.image.seed, tile: index }
          : { seed: `${id}\n${prompt}` },
      false,
    );
    return this.enqueue(sim);
  }

  /** The PNG of a successful task; undefined for an unknown or unfinished one. */
  image(id: string): Buffer | undefined {
    const s = this.byId.get(id);
    return s && s.task.status === 'SUCCESS' ? this.images.get(s.image) : undefined;
  }

  originOf(req: FastifyRequest): string {
    return this.opts.publicOrigin?.() ?? `${req.protocol}://${req.host}`;
  }
}

/** 401 for a secret that is sent but not the sandbox's; none at all is fine (a proxy without a secret). */
async function checkSecret(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const secret = req.headers['mj-api-secret'];
  if (secret === undefined) return undefined;
  if (typeof secret === 'string' && secret.startsWith(SANDBOX_MJ_SECRET_PREFIX)) return undefined;
  return reply.code(401).send();
}

/** The proxy's envelope for the body parser's errors (bad JSON, too large) and unexpected ones. */
function errorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  return reply
    .code(status)
    .send(status === 500 ? answer(9, '绘图沙箱出错') : answer(4, err.message || '请求格式错误'));
}

/** Mounts the sandbox proxy on `app` (before it is ready); its timers and notifications stop when the app closes. */
export function registerMjSandbox(app: FastifyInstance, opts: MjSandboxOptions = {}): MjSandbox {
  const sb = new MjSandboxState(opts);
  const route = (
    method: 'GET' | 'POST',
    path: string,
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `${SANDBOX_MJ_PATH}${path}`,
      onRequest: checkSecret,
      errorHandler,
      // imagine accepts reference images as base64 (§3.9): the default 1 MiB would refuse real ones
      bodyLimit: 16 * 1024 * 1024,
      // a refusal is an answer (HTTP 200 with its code), as the proxy gives it
      handler: async (req, reply) => {
        try {
          return await handler(req, reply);
        } catch (err) {
          if (err instanceof Refusal) return err.envelope;
          throw err;
        }
      },
    });

  route('POST', '/submit/imagine', async (req) => sb.imagine(obj(req.body), sb.originOf(req)));
  route('POST', '/submit/change', async (req) => sb.change(obj(req.body), sb.originOf(req)));
  route('POST', '/submit/simple-change', async (req) => sb.simpleChange(obj(req.body), sb.originOf(req)));
  route('GET', '/task/:id/fetch', async (req, reply) => {
    const task = sb.task((req.params as { id: string }).id);
    return task ?? reply.code(200).send();
  });
  route('POST', '/task/list-by-condition', async (req) => {
    const ids = obj(req.body).ids;
    if (!Array.isArray(ids)) return [];
    return ids.flatMap((id: unknown) => {
      const t = typeof id === 'string' ? sb.task(id) : undefined;
      return t ? [t] : [];
    });
  });
  route('GET', '/task/queue', async () =>
    sb.tasks().filter((t) => t.status !== 'SUCCESS' && t.status !== 'FAILURE'),
  );

  app.get<{ Params: { file: string } }>(`${SANDBOX_MJ_IMAGE_PATH}/:file`, async (req, reply) => {
    const m = /^(.+)\.png$/u.exec(req.params.file);
    const png = m?.[1] ? sb.image(m[1]) : undefined;
    if (!png) return reply.code(404).send({ message: '图片不存在' });
    // the same task always draws the same image
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });

  app.addHook('onClose', async () => sb.close());
  return sb;
}
