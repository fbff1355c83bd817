/**
 * What the sandbox model says (pure): a short Chinese comment about the note the user message describes, picked by
 * a hash of the conversation so that a test sees the same answer for the same prompt, and a regeneration (whose
 * prompt carries the refusal) a different one. Some answers come dressed as real models dress them (quotes, a
 * `评论：` prefix, a hashtag), which the adapter's clean-up removes (src/engine/ai/comment-rules.ts).
 */
import { createHash } from 'node:crypto';

/** A topic is at most this many characters, so that every plain answer stays within the usual 5–20. */
export const TOPIC_MAX_CHARS = 8;

/** `{t}` is the topic; the fixed parts are at most 11 characters (comments.test.ts checks 5–20 for any topic). */
const TEMPLATES = [
  '{t}真的太实用了，收藏了！',
  '看完{t}好心动，想去试试',
  '{t}拍得好好看，爱了爱了',
  '这个{t}分享得太及时了',
  '{t}学到了，感谢分享～',
  '被{t}种草了，谢谢博主',
  '{t}好有感觉，已关注啦',
  '同款{t}！真的很不错',
] as const;

/** Well over any sensible maximum (mode `sandbox-too-long`). */
const LONG_TEMPLATE =
  '看了这篇关于{t}的分享真的是受益匪浅，从头到尾每一个细节都讲得特别清楚，我已经收藏起来准备周末照着试一试了，感谢博主的用心整理！';

/** Within 5–20 but contains `微信`, one of the contract's example sensitive words (xsh_comm.yaml `sensitiveWords`). */
const SENSITIVE_TEMPLATE = '{t}不错，加微信私聊';

/** A non-negative 32-bit number from the text. */
export function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** The value of a `标签：value` line of the prompt (our default template's, and the contract example's). */
function lineValue(text: string, labels: RegExp): string | undefined {
  for (const line of text.split(/\r?\n/u)) {
    const m = labels.exec(line);
    if (m?.[1]?.trim()) return m[1].trim();
  }
  return undefined;
}

/** The first run of letters, digits or CJK characters of a text, cut to `TOPIC_MAX_CHARS`. */
function firstSegment(text: string): string | undefined {
  const m = /[\p{L}\p{N}]+/u.exec(text);
  return m ? [...m[0]].slice(0, TOPIC_MAX_CHARS).join('') : undefined;
}

/**
 * What the note is about: the keyword line, else the title line (`标题：`, `笔记标题：`, `作品标题：`, `title:`),
 * else the first line, reduced to its first word-like run.
 */
export function topicOf(userMessage: string): string {
  const keyword = lineValue(userMessage, /^\s*(?:搜索)?关键词\s*[:：]\s*(.*)$/u);
  const title = lineValue(userMessage, /^\s*(?:\S{0,4}标题|title)\s*[:：]\s*(.*)$/iu);
  const first = userMessage.split(/\r?\n/u).find((l) => l.trim() !== '');
  for (const candidate of [keyword, title, first]) {
    const t = candidate && firstSegment(candidate);
    if (t) return t;
  }
  return '这篇';
}

export type AnswerKind = 'normal' | 'too_long' | 'sensitive' | 'empty';

/** The answer of the sandbox model for a conversation (`seed`) about `topic`. */
export function sandboxAnswer(kind: AnswerKind, topic: string, seed: number): string {
  const fill = (template: string) => template.replace('{t}', topic);
  switch (kind) {
    case 'empty':
      return '';
    case 'too_long':
      return fill(LONG_TEMPLATE);
    case 'sensitive':
      return fill(SENSITIVE_TEMPLATE);
    case 'normal': {
      const comment = fill(TEMPLATES[seed % TEMPLATES.length] ?? TEMPLATES[0]);
      // how real models dress a one-line answer, one time in four each
      switch ((seed >>> 8) % 4) {
        case 1:
          return `“${comment}”`;
        case 2:
          return `评论：${comment}`;
        case 3:
          return `${comment} #${topic}#`;
        default:
          return comment;
      }
    }
  }
}
