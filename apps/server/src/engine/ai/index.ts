/** The AI comment adapter (src/engine/README.md `ai/`): the chat-completions client and the comment rules. */
export { generateComment, completionBody } from './generate';
export { AiCommentError, parseRetryAfter, type AiCommentErrorReason } from './errors';
export {
  cleanComment,
  codePointLength,
  findSensitiveWord,
  parseSensitiveWords,
  postProcessComment,
  REJECTION_MSG,
  type CommentRejection,
  type CommentRules,
  type CommentVerdict,
} from './comment-rules';
export { buildCommentMessages, fillTemplate, BODY_MAX_CHARS, PLATFORM_NAMES } from './prompt';
export { loadAiCommentConfig, withPlainApiKey, AI_CONFIG_MISSING_MSG, type AiConfigRow } from './config';
export type {
  AiCommentConfig,
  CommentInput,
  CommentPlatform,
  CommentResult,
  CommentUsage,
  GenerateCommentOptions,
} from './types';
