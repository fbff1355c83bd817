import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_IMAGE_URL,
  RICH_TEXT_LINK_URL,
  RICH_TEXT_TAGS,
  RICH_TEXT_TARGETS,
} from '@smart/api-sdk/rich-text';
import DOMPurify from 'dompurify';

/**
 * The HTML a `richtext` field may show: the allowlist openapi/schemas/desk.yaml gives for a notice's `content`
 * (@smart/api-sdk/rich-text), which the server enforces before storing (apps/server/src/modules/desk/notice/notice-html.ts). The console sanitises
 * again before it renders, so a row written before the server did, or by another backend of the contract, cannot
 * run anything here.
 */
export { RICH_TEXT_TAGS };

/** Whether a link may point at `url` (the link form and the editor's link mark ask this too). */
export function isAllowedLink(url: string): boolean {
  return RICH_TEXT_LINK_URL.test(url.trim());
}

let instance: ReturnType<typeof DOMPurify> | undefined;

/** A DOMPurify of its own: its hooks would otherwise apply to every other user of the shared instance. */
function purifier(): ReturnType<typeof DOMPurify> {
  if (instance) return instance;
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.nodeName.toLowerCase();
    const value = event.attrValue.trim();
    const allowed =
      (RICH_TEXT_ATTRIBUTES[tag] ?? []).includes(event.attrName) &&
      (event.attrName !== 'href' || RICH_TEXT_LINK_URL.test(value)) &&
      (event.attrName !== 'src' || RICH_TEXT_IMAGE_URL.test(value)) &&
      (event.attrName !== 'target' || RICH_TEXT_TARGETS.includes(value));
    if (!allowed) event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    // the opened page must not reach back into the console through window.opener (desk.yaml)
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank')
      node.setAttribute('rel', 'noopener noreferrer');
  });
  instance = purify;
  return purify;
}

/** `html` with only the allowed tags and attributes; scripts, styles and frames go with their content. */
export function sanitizeRichText(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: Object.values(RICH_TEXT_ATTRIBUTES).flat(),
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

const TAG = /<\/?[a-z][^>]*>|<!--/i;

/**
 * The HTML to show for a field's value, sanitised. Text with no markup (a notice stored before the console edited
 * rich text) is still HTML — the server answers its `&` as `&amp;` (desk.yaml) — but gets one paragraph a line, so
 * that its line breaks survive.
 */
export function toRichTextHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (!text) return '';
  if (TAG.test(text)) return sanitizeRichText(text);
  return sanitizeRichText(
    text
      .split(/\r?\n/)
      .map((line) => `<p>${line}</p>`)
      .join(''),
  );
}
