/**
 * The HTML a rich-text field of the contract may hold (openapi/schemas/desk.yaml, a notice's `content`): the server
 * keeps only this when it stores one, the console only this when it renders one. Plain data, no sanitiser: each side
 * applies it with its own well-kept library (sanitize-html on the server, DOMPurify in the browser).
 */

/** The tags kept; any other is dropped and its text kept (scripts, styles and frames go with their content). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'a',
  'img',
  'hr',
] as const;

/** The attributes kept, per tag; no other tag keeps any. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
};

/** What a link may open in; `_blank` always gets rel="noopener noreferrer", so the page cannot reach the console. */
export const RICH_TEXT_TARGETS: readonly string[] = ['_blank', '_self'];

/** A link's address: absolute, of these schemes (a relative one would resolve against the console). */
export const RICH_TEXT_LINK_URL = /^(?:https?:\/\/|mailto:)/i;

/** An image's address: absolute http(s). */
export const RICH_TEXT_IMAGE_URL = /^https?:\/\//i;
