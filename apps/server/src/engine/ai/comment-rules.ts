/**
 * The comment rules of docs/automation-domain.md §3.2, pure: what a model's answer becomes before it is
 * posted (clean-up), and whether it may be posted at all (length in Unicode code points, sensitive words).
 *
 * Clean-up, in order: trim; strip wrapping quotes and a leading `评论：`/`评论:` (repeatedly: models write
 * `评论："…"` as well as `"评论：…"`); remove URLs, hashtags and @mentions (a robot must not post links or tag
 * people); remove line breaks; collapse the spaces the removals leave.
 */

/** Quote pairs a model wraps its answer in (ASCII, Chinese curly quotes, corner brackets, backticks). */
const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
  ['\u201c', '\u201d'], // “ ”
  ['\u2018', '\u2019'], // ‘ ’
  ['\u300c', '\u300d'], // 「 」
  ['\u300e', '\u300f'], // 『 』
  ['\uff02', '\uff02'], // ＂ ＂
];

/** `评论：`, `评论:`, `评论内容：` at the start (the full-width and the ASCII colon). */
const COMMENT_PREFIX = /^评论(?:内容)?\s*[:：]\s*/u;
/**
 * Links: a scheme or `www.`, then URL characters only (ASCII), so that Chinese text glued to a link survives.
 * Characters from RFC 3986's unreserved, reserved and percent sets.
 */
const URL_RE = /(?:https?:\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/giu;
/**
 * Hashtags: the closed form (`#话题#`, Xiaohongshu's `#话题[话题]#`) first, then an open `#word` up to a space, a
 * `#` or punctuation.
 */
const HASHTAG_RE = /[#＃][^#＃\s]{1,30}?[#＃]|[#＃][^#＃\s,，。.!！?？、;；:：~～)）\]】]+/gu;
/** Mentions: `@name` up to a space or punctuation (Douyin, Xiaohongshu and Channels names have no spaces). */
const MENTION_RE = /[@＠][^@＠\s,，。.!！?？、;；:：~～)）\]】]+/gu;
const NEWLINES_RE = /[ \t\u3000]*[\r\n\u2028\u2029]+[ \t\u3000]*/gu;
const ASCII_WORD = /[A-Za-z0-9]/u;

/** Length as the rules count it: Unicode code points (an emoji is one, or more when it is a sequence). */
export const codePointLength = (s: string): number => [...s].length;

function stripWrapping(s: string): string {
  let out = s;
  for (;;) {
    const before = out;
    out = out.trim().replace(COMMENT_PREFIX, '').trim();
    for (const [open, close] of QUOTE_PAIRS) {
      if (out.length >= open.length + close.length && out.startsWith(open) && out.endsWith(close)) {
        out = out.slice(open.length, out.length - close.length).trim();
        break;
      }
    }
    if (out === before) return out;
  }
}

/**
 * A line break between two ASCII word characters becomes a space (`good\nday`), anywhere else it goes (`好看\n想去`
 * reads as `好看想去` in Chinese, where words are not separated by spaces).
 */
function joinLines(s: string): string {
  return s.replace(NEWLINES_RE, (match: string, offset: number) => {
    const prev = s[offset - 1] ?? '';
    const next = s[offset + match.length] ?? '';
    return ASCII_WORD.test(prev) && ASCII_WORD.test(next) ? ' ' : '';
  });
}

/** The model's answer cleaned up as §3.2 says (may be empty). */
export function cleanComment(raw: string): string {
  let s = stripWrapping(raw);
  // removed without a trace: in Chinese a space left in their place would show (and count)
  s = s.replace(URL_RE, '').replace(HASHTAG_RE, '').replace(MENTION_RE, '');
  s = joinLines(s);
  s = s.replace(/[ \t\u3000]{2,}/gu, ' ');
  // a removal may leave the prefix or the quotes at the ends again (`评论：#好物# "真不错"`)
  return stripWrapping(s);
}

/**
 * The words of a `sensitiveWords` setting: comma-separated (xsh_comm.yaml XshCommControlStrategy; the full-width
 * comma too, which Chinese keyboards type), trimmed, empty ones dropped.
 */
export function parseSensitiveWords(setting: string | readonly string[] | undefined): string[] {
  if (setting === undefined) return [];
  const parts = typeof setting === 'string' ? setting.split(/[,，]/u) : setting;
  const out = new Set<string>();
  for (const p of parts) {
    const w = p.trim();
    if (w) out.add(w);
  }
  return [...out];
}

/** Case and spaces do not hide a word (`加 v` is `加V`). */
const fold = (s: string) => s.toLowerCase().replace(/\s+/gu, '');

/** The first sensitive word the text contains, if any. */
export function findSensitiveWord(text: string, words: readonly string[]): string | undefined {
  const t = fold(text);
  return words.find((w) => {
    const f = fold(w);
    return f !== '' && t.includes(f);
  });
}

export interface CommentRules {
  minLength: number;
  maxLength: number;
  sensitiveWords?: readonly string[];
}

export type CommentRejection = 'empty' | 'too_short' | 'too_long' | 'sensitive';

export type CommentVerdict =
  | { ok: true; content: string; length: number }
  | { ok: false; reason: CommentRejection; content: string; length: number; word?: string };

/** Why a comment was refused, in the operators' words (the robot and the run log show it). */
export const REJECTION_MSG: Record<CommentRejection, string> = {
  empty: 'AI 返回的评论为空',
  too_short: 'AI 生成的评论字数过少',
  too_long: 'AI 生成的评论字数过多',
  sensitive: 'AI 生成的评论含敏感词',
};

/** The model's answer cleaned up, then accepted or refused by the rules. */
export function postProcessComment(raw: string, rules: CommentRules): CommentVerdict {
  const content = cleanComment(raw);
  const length = codePointLength(content);
  if (length === 0) return { ok: false, reason: 'empty', content, length };
  if (length < rules.minLength) return { ok: false, reason: 'too_short', content, length };
  if (length > rules.maxLength) return { ok: false, reason: 'too_long', content, length };
  const word = findSensitiveWord(content, rules.sensitiveWords ?? []);
  if (word !== undefined) return { ok: false, reason: 'sensitive', content, length, word };
  return { ok: true, content, length };
}
