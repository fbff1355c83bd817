/**
 * The HTML a notice's `content` may hold (openapi/schemas/desk.yaml `NoticeFields.content`): the console edits it as
 * rich text and shows it as HTML, so the server keeps only formatting and safe links and images, whoever wrote the
 * body. The console sanitises again before it renders (libs/crud/src/rich-text-html.ts), by the same allowlist
 * (@smart/api-sdk/rich-text).
 *
 * Plain text stored before (it has no tags) stays readable: its `<`, `>` and `&` come back escaped.
 */
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_IMAGE_URL,
  RICH_TEXT_LINK_URL,
  RICH_TEXT_TAGS,
  RICH_TEXT_TARGETS,
} from '@smart/api-sdk/rich-text';
import sanitizeHtml from 'sanitize-html';

/** The tags desk.yaml lists for `content` (the same list the console renders by); anything else is dropped. */
export const NOTICE_TAGS = RICH_TEXT_TAGS;

/** Elements whose inner text is code or markup, not prose: dropped whole (sanitize-html keeps a dropped tag's text). */
const DROPPED_WITH_TEXT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'template',
  'title',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...NOTICE_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_TEXT,
  // (the attributes are rebuilt in one order, so that the same content is always stored the same way)
  transformTags: {
    a: (tagName, { href, target, rel }) => {
      const attribs: sanitizeHtml.Attributes = {};
      if (href !== undefined && RICH_TEXT_LINK_URL.test(href.trim())) attribs.href = href.trim();
      if (target !== undefined && RICH_TEXT_TARGETS.includes(target)) attribs.target = target;
      if (attribs.target === '_blank') attribs.rel = 'noopener noreferrer';
      else if (rel !== undefined) attribs.rel = rel;
      return { tagName, attribs };
    },
    img: (tagName, { src, alt, width, height }) => {
      const attribs: sanitizeHtml.Attributes = {};
      if (src !== undefined && RICH_TEXT_IMAGE_URL.test(src.trim())) attribs.src = src.trim();
      for (const [name, value] of Object.entries({ alt, width, height }))
        if (value !== undefined) attribs[name] = value;
      return { tagName, attribs };
    },
  },
  // an image without an address shows nothing but an empty frame; a link without one is its text
  exclusiveFilter: (frame) =>
    frame.tag === 'img'
      ? !frame.attribs.src
      : frame.tag === 'a' && !frame.attribs.href
        ? 'excludeTag'
        : false,
};

/** The notice content as it is stored: the allowed formatting of `html`, everything else removed. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
