/**
 * One comment from an OpenAI-compatible chat-completions API (docs/automation-domain.md §3.2), through
 * the `openai` package pointed at the configuration's base URL.
 *
 * Calls: at most `1 + retryTimes` (the configuration's "regenerations when a comment fails validation",
 * ai-config.yaml). A refused comment (./comment-rules.ts) is regenerated with the reason appended to the prompt; a
 * 429 waits for its `Retry-After` (when that is within `maxRetryAfterMs`, else it gives up at once), a 5xx or a
 * dropped connection waits `retryDelayMs`; both use up a call. The package's own retries are off (`maxRetries: 0`)
 * so that these are the only ones, and a timeout is not retried: a robot is waiting for the answer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import { parseSensitiveWords, postProcessComment, type CommentVerdict } from './comment-rules';
import {
  AiCommentError,
  classifyCallError,
  failureMessage,
  rejectedMessage,
  type CallFailure,
} from './errors';
import { buildCommentMessages } from './prompt';
import type {
  AiCommentConfig,
  CommentInput,
  CommentResult,
  CommentUsage,
  GenerateCommentOptions,
} from './types';

const DEFAULT_MAX_RETRY_AFTER_MS = 10_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;

/** The LinkAI variant (§3.2): same API, plus the app's code in the body (the app then chooses the model). */
const isLinkAi = (c: AiCommentConfig) => c.provider === 'linkai' && c.appCode.trim() !== '';

/** The request body; `app_code` is not in the package's types, the API takes it beside the standard fields. */
export function completionBody(
  config: AiCommentConfig,
  messages: ChatCompletionCreateParamsNonStreaming['messages'],
): ChatCompletionCreateParamsNonStreaming {
  const body: ChatCompletionCreateParamsNonStreaming & { app_code?: string } = {
    model: config.model,
    messages,
    temperature: Number(config.temperature),
    max_tokens: config.maxTokens,
    n: 1,
    stream: false,
  };
  if (isLinkAi(config)) body.app_code = config.appCode.trim();
  return body;
}

/** What the model is told on a regeneration, after the refusal of its previous answer. */
function regenerationHint(v: Extract<CommentVerdict, { ok: false }>, c: AiCommentConfig): string {
  const range = `${c.minLength}到${c.maxLength}字`;
  switch (v.reason) {
    case 'too_long':
      return `上一条评论有${v.length}字，超过了${c.maxLength}字。请重新写一条${range}的评论。`;
    case 'too_short':
      return `上一条评论只有${v.length}字，太短了。请重新写一条${range}的评论。`;
    case 'sensitive':
      return `上一条评论含有不允许出现的词「${v.word ?? ''}」。请换一种说法，重新写一条${range}的评论。`;
    case 'empty':
      return `请直接输出一条${range}的评论，不要输出其他内容。`;
  }
}

function addUsage(total: CommentUsage | undefined, u: ChatCompletion['usage']): CommentUsage | undefined {
  if (!u) return total;
  return {
    promptTokens: (total?.promptTokens ?? 0) + (u.prompt_tokens ?? 0),
    completionTokens: (total?.completionTokens ?? 0) + (u.completion_tokens ?? 0),
    totalTokens: (total?.totalTokens ?? 0) + (u.total_tokens ?? 0),
  };
}

/** A 200 that is not a chat completion (some gateways answer their errors so). */
const MALFORMED: CallFailure = {
  reason: 'upstream',
  retryable: false,
  upstreamMessage: 'response has no choices',
};

/**
 * Generates one comment for a note. Resolves with the accepted comment, or rejects with an `AiCommentError`
 * (never anything else).
 */
export async function generateComment(
  config: AiCommentConfig,
  input: CommentInput,
  opts: GenerateCommentOptions = {},
): Promise<CommentResult> {
  // an empty key would make the package fall back to the server's OPENAI_API_KEY environment variable
  if (!config.apiKey.trim()) throw new AiCommentError('auth', '未配置 AI 服务的 API 密钥', { attempts: 0 });
  const client = new OpenAI({
    apiKey: config.apiKey.trim(),
    baseURL: config.baseUrl.trim(),
    timeout: config.timeoutMs,
    maxRetries: 0,
    // not read from the environment either: these headers would go to a third-party provider
    organization: null,
    project: null,
  });
  const rules = {
    minLength: config.minLength,
    maxLength: config.maxLength,
    sensitiveWords: parseSensitiveWords(opts.sensitiveWords),
  };
  const maxCalls = 1 + Math.max(0, Math.trunc(config.retryTimes));
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const retryDelayMs = opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  let attempts = 0;
  let usage: CommentUsage | undefined;
  let hint: string | undefined;
  let refused: Extract<CommentVerdict, { ok: false }> | undefined;
  const fail = (f: CallFailure, cause?: unknown) =>
    new AiCommentError(
      f.reason,
      failureMessage(f),
      {
        attempts,
        ...(f.status !== undefined && { status: f.status }),
        ...(f.upstreamMessage !== undefined && { upstreamMessage: f.upstreamMessage }),
      },
      { cause },
    );

  while (attempts < maxCalls) {
    if (opts.signal?.aborted) throw fail({ reason: 'timeout', retryable: false });
    attempts += 1;
    let completion: ChatCompletion;
    try {
      const messages = buildCommentMessages(config, input, hint);
      completion = await client.chat.completions.create(completionBody(config, messages), {
        ...(opts.signal && { signal: opts.signal }),
      });
    } catch (err) {
      const f = classifyCallError(err);
      if (!f.retryable || attempts >= maxCalls) throw fail(f, err);
      const wait = f.retryAfterMs ?? retryDelayMs;
      // a provider asking for a longer pause than a waiting robot can afford: give up now
      if (f.retryAfterMs !== undefined && f.retryAfterMs > maxRetryAfterMs) throw fail(f, err);
      try {
        await sleep(wait, undefined, opts.signal ? { signal: opts.signal } : undefined);
      } catch (abort) {
        throw fail({ reason: 'timeout', retryable: false }, abort);
      }
      continue;
    }
    if (!Array.isArray(completion?.choices)) throw fail(MALFORMED);
    usage = addUsage(usage, completion.usage);
    const raw = completion.choices[0]?.message?.content;
    const verdict = postProcessComment(typeof raw === 'string' ? raw : '', rules);
    if (verdict.ok) {
      return {
        content: verdict.content,
        attempts,
        ...(usage && { usage }),
        ...(typeof completion.model === 'string' && { model: completion.model }),
      };
    }
    refused = verdict;
    hint = regenerationHint(verdict, config);
  }
  // the loop only ends here after a refused comment: a failed last call has thrown
  const last = refused ?? { reason: 'empty' as const, word: undefined };
  throw new AiCommentError('rejected', rejectedMessage(last.reason, last.word, attempts), {
    attempts,
    rejection: last.reason,
    ...(last.word !== undefined && { word: last.word }),
  });
}
