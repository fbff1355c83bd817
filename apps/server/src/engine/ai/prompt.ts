/**
 * The two messages of a comment request (docs/automation-domain.md §3.2): the configuration's system
 * prompt, and its user prompt template with the note filled in. The contract names the placeholders `{title}`,
 * `{content}` and `{keyword}` (openapi/schemas/ai/ai-config.yaml `userPromptTemplate`); `{platform}`,
 * `{minLength}` and `{maxLength}` are filled too, so a template can state the platform and the length rule
 * without repeating the configuration's numbers.
 */
import type { AiCommentConfig, CommentInput, CommentPlatform } from './types';

/** §3.2: the note body is cut to about 500 characters (code points), enough for a one-line comment. */
export const BODY_MAX_CHARS = 500;

export const PLATFORM_NAMES: Record<CommentPlatform, string> = {
  dy: '抖音',
  xhs: '小红书',
  sph: '视频号',
};

/** Used when the configuration leaves the system prompt empty. */
export const DEFAULT_SYSTEM_PROMPT =
  '你是{platform}的资深用户，用自然、口语化的中文给作品写一句真诚的评论。' +
  '只输出评论本身：不要引号，不要话题标签，不要@任何人，不要链接，不要联系方式。';

/** Used when the configuration leaves the user prompt template empty. */
export const DEFAULT_USER_TEMPLATE =
  '作品标题：{title}\n作品内容：{content}\n关键词：{keyword}\n请写一条{minLength}到{maxLength}字的评论。';

export type ChatMessage = { role: 'system' | 'user'; content: string };

/** At most `max` code points, with an ellipsis when cut (a cut never splits a surrogate pair). */
export function truncateChars(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max).join('')}…`;
}

/**
 * The template with its placeholders replaced in one pass, so a title that itself contains `{content}` stays as
 * written; unknown `{…}` are left alone (a template may contain braces of its own).
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/gu, (whole: string, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? '') : whole,
  );
}

/** The placeholder values of one note. */
export function promptValues(
  config: Pick<AiCommentConfig, 'minLength' | 'maxLength'>,
  input: CommentInput,
): Record<string, string> {
  return {
    title: input.title.trim(),
    content: truncateChars((input.body ?? '').trim(), BODY_MAX_CHARS),
    keyword: (input.keyword ?? '').trim(),
    platform: PLATFORM_NAMES[input.platform],
    minLength: String(config.minLength),
    maxLength: String(config.maxLength),
  };
}

/**
 * The system and user messages; `hint` (why the previous answer was refused) is appended to the user message on a
 * regeneration, so the model corrects it instead of repeating it.
 */
export function buildCommentMessages(
  config: Pick<AiCommentConfig, 'systemPrompt' | 'userPromptTemplate' | 'minLength' | 'maxLength'>,
  input: CommentInput,
  hint?: string,
): ChatMessage[] {
  const values = promptValues(config, input);
  const system = fillTemplate(config.systemPrompt.trim() || DEFAULT_SYSTEM_PROMPT, values);
  let user = fillTemplate(config.userPromptTemplate.trim() || DEFAULT_USER_TEMPLATE, values);
  if (hint) user += `\n${hint}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
