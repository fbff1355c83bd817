/**
 * The sandbox chat model: a fake OpenAI-compatible chat-completions API (docs/automation-domain.md §3.2,
 * "Fake") mounted on the server under `/sandbox-llm/v1` when the engine sandbox is on (src/engine/README.md), so
 * that an AI configuration with base URL `http://<server>/sandbox-llm/v1` and a key starting `sk-sandbox` writes
 * comments without a provider account. Tests mount it on a bare Fastify app.
 *
 * `POST /sandbox-llm/v1/chat/completions` answers a `chat.completion` with a short comment about the note
 * (./comments.ts); errors have the provider's shape `{error:{message,type,param,code}}`. The model name selects
 * a behaviour (`GET /sandbox-llm/v1/models` lists them):
 * - `sandbox-too-long`, `sandbox-empty`, `sandbox-sensitive`: such an answer (a sensitive one contains `微信`);
 * - `sandbox-401`, `sandbox-500`: that error; `sandbox-429`: 429 with `Retry-After: 1` and `retry-after-ms: 200`;
 * - `sandbox-slow`: answers after `slowMs` (20 s by default), or never when the caller hangs up first;
 * - the suffix `-once` (`sandbox-429-once`, …): only the first request of each API key with that model misbehaves;
 * - any other name: a normal answer.
 *
 * Nothing in production code imports this folder.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashOf, sandboxAnswer, topicOf, type AnswerKind } from './comments';
import { MJ_PROMPT_ASK, sandboxMjPrompt } from './mj-prompt';

/** Where the sandbox is mounted; an AI configuration's base URL is the server's origin followed by this. */
export const SANDBOX_LLM_PATH = '/sandbox-llm/v1';
/** Keys the sandbox accepts start so. */
export const SANDBOX_KEY_PREFIX = 'sk-sandbox';

const BEHAVIOURS = ['too-long', 'empty', 'sensitive', '401', '429', '500', 'slow'] as const;
type Behaviour = (typeof BEHAVIOURS)[number];

/** The model names the sandbox knows, beside the normal ones. */
export const SANDBOX_MODELS = [
  'sandbox-chat',
  ...BEHAVIOURS.flatMap((b) => [`sandbox-${b}`, `sandbox-${b}-once`]),
];

export interface LlmSandboxOptions {
  /** How long `sandbox-slow` takes (default 20 s). */
  slowMs?: number;
}

/** A request the sandbox received (tests read them: e.g. LinkAI's `app_code`). */
export interface ReceivedRequest {
  model: string;
  body: Record<string, unknown>;
  /** The contents answered, one per choice; empty when the request was answered with an error. */
  answers: string[];
}

type Json = Record<string, unknown>;

const MAX_RECEIVED = 100;
const MAX_ONCE_KEYS = 10_000;
const MAX_CHOICES = 4;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

const invalid = (message: string, param: string | null = null) =>
  new HttpFailure(400, message, 'invalid_request_error', null, param);

function sendError(reply: FastifyReply, e: HttpFailure): FastifyReply {
  return reply
    .code(e.status)
    .send({ error: { message: e.message, type: e.type, param: e.param, code: e.code } });
}

/** The `Bearer` key, refused unless it starts `sk-sandbox`. */
function checkKey(req: FastifyRequest): string {
  const m = /^Bearer\s+(\S+)\s*$/iu.exec(req.headers.authorization ?? '');
  if (!m?.[1]) throw new HttpFailure(401, "You didn't provide an API key.", 'invalid_request_error');
  if (!m[1].startsWith(SANDBOX_KEY_PREFIX))
    throw new HttpFailure(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
  return m[1];
}

interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  n: number;
  maxTokens: number | undefined;
}

/** Message content as text: a string, or the text parts of a content array. */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content
    .map((p: unknown) =>
      p && typeof p === 'object' && typeof (p as Json).text === 'string' ? (p as Json).text : '',
    )
    .join('');
}

/** The body checked as the real API checks what the adapter sends. */
function parseChatRequest(body: unknown): ChatRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalid('The body must be a JSON object.');
  const b = body as Json;
  if (typeof b.model !== 'string' || b.model.trim() === '')
    throw invalid('you must provide a model parameter', 'model');
  if (!Array.isArray(b.messages) || b.messages.length === 0)
    throw invalid("'messages' must be a non-empty array", 'messages');
  const messages = b.messages.map((m: unknown, i: number) => {
    const role = m && typeof m === 'object' ? (m as Json).role : undefined;
    const content = m && typeof m === 'object' ? textOf((m as Json).content) : undefined;
    if (typeof role !== 'string' || !['system', 'developer', 'user', 'assistant', 'tool'].includes(role))
      throw invalid(`Invalid value for 'messages[${i}].role'.`, `messages[${i}].role`);
    if (content === undefined)
      throw invalid(`Invalid value for 'messages[${i}].content'.`, `messages[${i}].content`);
    return { role, content };
  });
  if (b.stream === true) throw invalid('The sandbox does not stream: send stream false.', 'stream');
  const n = b.n ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_CHOICES)
    throw invalid(`'n' must be an integer from 1 to ${MAX_CHOICES}.`, 'n');
  const t = b.temperature;
  if (t !== undefined && t !== null && (typeof t !== 'number' || t < 0 || t > 2))
    throw invalid("'temperature' must be a number from 0 to 2.", 'temperature');
  const maxTokens = b.max_tokens ?? b.max_completion_tokens;
  if (
    maxTokens !== undefined &&
    maxTokens !== null &&
    (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
  )
    throw invalid("'max_tokens' must be a positive integer.", 'max_tokens');
  return { model: b.model, messages, n, maxTokens: typeof maxTokens === 'number' ? maxTokens : undefined };
}

/** The behaviour a model name selects, `once` when it applies to the first request of a key only. */
function behaviourOf(model: string): { behaviour: Behaviour | undefined; once: boolean } {
  const m = /^sandbox-(.+?)(-once)?$/u.exec(model);
  const b = m?.[1];
  return {
    behaviour: b && (BEHAVIOURS as readonly string[]).includes(b) ? (b as Behaviour) : undefined,
    once: m?.[2] !== undefined,
  };
}

const ANSWER_KIND: Partial<Record<Behaviour, AnswerKind>> = {
  'too-long': 'too_long',
  empty: 'empty',
  sensitive: 'sensitive',
};

/** One token per code point: a rough count, enough for the usage numbers and `max_tokens`. */
const tokens = (s: string) => [...s].length;

export class LlmSandbox {
  /** The last requests received, oldest first. */
  readonly received: ReceivedRequest[] = [];
  private readonly seen = new Set<string>();
  private readonly waiting = new Set<() => void>();
  private readonly slowMs: number;

  constructor(opts: LlmSandboxOptions = {}) {
    this.slowMs = opts.slowMs ?? 20_000;
  }

  /** Whether this request is the first of its key and model (for the `-once` behaviours). */
  private firstOf(key: string, model: string): boolean {
    const k = `${key}\n${model}`;
    if (this.seen.has(k)) return false;
    if (this.seen.size >= MAX_ONCE_KEYS) this.seen.clear();
    this.seen.add(k);
    return true;
  }

  /** Waits `slowMs`, less when the caller hangs up or the server closes. */
  private pause(reply: FastifyReply): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        reply.raw.off('close', done);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.slowMs);
      reply.raw.once('close', done);
      this.waiting.add(done);
    });
  }

  /** Releases the slow requests (the server is closing). */
  releaseAll(): void {
    for (const done of [...this.waiting]) done();
  }

  async completions(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const key = checkKey(req);
    const chat = parseChatRequest(req.body);
    const record: ReceivedRequest = { model: chat.model, body: req.body as Json, answers: [] };
    this.received.push(record);
    if (this.received.length > MAX_RECEIVED) this.received.shift();

    const { behaviour, once } = behaviourOf(chat.model);
    const active = behaviour !== undefined && (!once || this.firstOf(key, chat.model));
    if (active && behaviour === '401')
      throw new HttpFailure(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    if (active && behaviour === '429') {
      reply.header('retry-after', '1').header('retry-after-ms', '200');
      throw new HttpFailure(429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded');
    }
    if (active && behaviour === '500')
      throw new HttpFailure(500, 'The server had an error while processing your request.', 'server_error');
    // answered even when the caller gave up meanwhile: writing to a closed connection is harmless
    if (active && behaviour === 'slow') await this.pause(reply);
    const kind: AnswerKind = (active && behaviour && ANSWER_KIND[behaviour]) || 'normal';

    const conversation = chat.messages.map((m) => `${m.role}:${m.content}`).join('\n');
    const user = [...chat.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const topic = topicOf(user);
    const choices = Array.from({ length: chat.n }, (_, index) => {
      const seed = hashOf(`${chat.model}\n${index}\n${conversation}`);
      // an image-generation app asks for a Midjourney prompt as JSON (src/modules/mj/mj-prompt/prompt-writer.ts)
      let content =
        kind === 'normal' && MJ_PROMPT_ASK.test(conversation)
          ? sandboxMjPrompt(user, seed)
          : sandboxAnswer(kind, topic, seed);
      let finish = 'stop';
      if (chat.maxTokens !== undefined && tokens(content) > chat.maxTokens) {
        content = [...content].slice(0, chat.maxTokens).join('');
        finish = 'length';
      }
      return {
        index,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: finish,
      };
    });
    record.answers = choices.map((c) => c.message.content);
    const promptTokens = tokens(conversation);
    const completionTokens = choices.reduce((s, c) => s + tokens(c.message.content), 0);
    return reply.send({
      id: `chatcmpl-sandbox${randomBytes(12).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: chat.model,
      choices,
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      system_fingerprint: 'fp_sandbox',
    });
  }

  register(app: FastifyInstance): void {
    // the provider's error shape on these routes, the body parser's and size limit's refusals included
    const errorHandler = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof HttpFailure) return sendError(reply, err);
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      const message = status === 500 ? 'The sandbox failed.' : err.message;
      return sendError(
        reply,
        new HttpFailure(status, message, status === 500 ? 'server_error' : 'invalid_request_error'),
      );
    };
    app.route({
      method: 'POST',
      url: `${SANDBOX_LLM_PATH}/chat/completions`,
      errorHandler,
      handler: (req, reply) => this.completions(req, reply),
    });
    app.route({
      method: 'GET',
      url: `${SANDBOX_LLM_PATH}/models`,
      errorHandler,
      handler: async (req, reply) => {
        checkKey(req);
        const created = Math.floor(Date.now() / 1000);
        return reply.send({
          object: 'list',
          data: SANDBOX_MODELS.map((id) => ({ id, object: 'model', created, owned_by: 'sandbox' })),
        });
      },
    });
  }
}

const mounted = new WeakMap<FastifyInstance, LlmSandbox>();

/** Mounts the sandbox model on `app` (before it is ready); slow answers are released when the app closes. */
export function registerLlmSandbox(app: FastifyInstance, opts: LlmSandboxOptions = {}): LlmSandbox {
  const sandbox = new LlmSandbox(opts);
  sandbox.register(app);
  app.addHook('preClose', async () => sandbox.releaseAll());
  mounted.set(app, sandbox);
  return sandbox;
}

/** The sandbox mounted on `app`, if any (tests). */
export const llmSandboxOf = (app: FastifyInstance): LlmSandbox | undefined => mounted.get(app);
