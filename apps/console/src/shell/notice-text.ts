/** What holds code or markup rather than words: dropped from a preview (desk.yaml's allowlist drops them too). */
const NOT_TEXT = 'script, style, template, noscript, iframe, object, title';
/** Blocks and line breaks: a preview reads them as spaces, so "<p>a</p><p>b</p>" is "a b", not "ab". */
const BREAKS = 'p, div, br, hr, li, h1, h2, h3, h4, h5, h6, blockquote, pre, tr, td, th';

/**
 * The plain text of a notice's content (rich-text HTML, openapi/schemas/desk.yaml `NoticeFields.content`), for the
 * popover's short preview: parsed into an inert document — DOMParser runs no script and loads no image — and never
 * inserted as HTML, so scripts and handlers in it cannot run. Whitespace is collapsed.
 */
export function noticeText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const node of doc.body.querySelectorAll(NOT_TEXT)) node.remove();
  for (const node of doc.body.querySelectorAll(BREAKS)) node.after(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
