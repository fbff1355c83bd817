/** The shapes of the AI comment adapter (./generate.ts). */
import type { aiConfig } from '../../db/schema';

type AiConfigRow = typeof aiConfig.$inferSelect;

/**
 * What a comment request needs of an `smart_ai_config` row (openapi/schemas/ai/ai-config.yaml), with `apiKey` in
 * plain text: a row's stored key is sealed (src/kernel/entity-secrets.ts), open it with ./config.ts first.
 */
export type AiCommentConfig = Pick<
  AiConfigRow,
  | 'provider'
  | 'baseUrl'
  | 'apiKey'
  | 'model'
  | 'appCode'
  | 'systemPrompt'
  | 'userPromptTemplate'
  | 'minLength'
  | 'maxLength'
  | 'temperature'
  | 'maxTokens'
  | 'timeoutMs'
  | 'retryTimes'
>;

/** The platforms a comment is written for (mj configurations write image prompts, not comments). */
export type CommentPlatform = 'dy' | 'xhs' | 'sph';

export interface CommentInput {
  platform: CommentPlatform;
  /** The note's (video's) title. */
  title: string;
  /** Its text; cut to about 500 characters in the prompt. */
  body?: string;
  /** The search keyword the note came from, if any. */
  keyword?: string;
}

export interface GenerateCommentOptions {
  /**
   * Words the comment may never contain: the task's control strategy `sensitiveWords` (comma-separated, as
   * stored) or a list.
   */
  sensitiveWords?: string | readonly string[];
  /** Gives up (reason `timeout`) when aborted, e.g. when the robot's request closes. */
  signal?: AbortSignal;
  /** Upper bound of one wait on a 429's `Retry-After` (default 10 s): a robot is waiting for the answer. */
  maxRetryAfterMs?: number;
  /** Wait after a 429 without `Retry-After`, or after a 5xx or a dropped connection (default 1 s). */
  retryDelayMs?: number;
}

export interface CommentUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface CommentResult {
  /** The accepted comment, cleaned up. */
  content: string;
  /** Chat-completion calls made, the accepted one included. */
  attempts: number;
  /** Tokens of all the calls that answered (refused answers cost tokens too). */
  usage?: CommentUsage;
  /** The model that answered, as the provider names it. */
  model?: string;
}
