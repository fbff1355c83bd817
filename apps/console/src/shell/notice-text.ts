/**
 * The plain text of a notice's content (stored as rich-text HTML): parsed into an inert document, never inserted
 * as HTML, so scripts and handlers in it cannot run. Whitespace is collapsed.
 */
export function noticeText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
