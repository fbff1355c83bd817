import type { Page } from '@playwright/test';

/**
 * What does not fit on the screen, measured in the page: the document scrolling sideways; a control (button, link,
 * field, tab) outside the screen or outside its dialog; a control's own text clipped or ellipsised without its full
 * text on hover (`title`); two controls overlapping. Content inside a box that scrolls sideways (a wide table) is
 * judged by that box: it may extend past the screen, since the box scrolls.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1)
      out.push(`document scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);

    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}]`;
    const visible = (el: HTMLElement) => {
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && el.closest('[aria-hidden="true"],[hidden],.sr-only') === null;
    };
    const inScroller = (el: HTMLElement) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if ((x === 'auto' || x === 'scroll') && p.scrollWidth > p.clientWidth + 1) return true;
      }
      return false;
    };
    // an open dialog holds the focus: only its controls count (the page behind is inert)
    const dialog = document.querySelector<HTMLElement>('[role="dialog"][data-state="open"]');
    const root = dialog ?? document.body;
    const bounds = dialog?.getBoundingClientRect() ?? new DOMRect(0, 0, vw, window.innerHeight);
    const controls = [
      ...root.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type=hidden]), textarea, [role="combobox"], [role="tab"], [role="checkbox"]',
      ),
    ].filter(visible);
    const free: { el: HTMLElement; rect: DOMRect }[] = [];
    for (const el of controls) {
      const rect = el.getBoundingClientRect();
      const scrolled = inScroller(el);
      if (!scrolled && (rect.left < bounds.left - 1 || rect.right > bounds.right + 1))
        out.push(
          `outside ${dialog ? 'its dialog' : 'the screen'}: ${name(el)} ${Math.round(rect.left)}–${Math.round(rect.right)}`,
        );
      // the control's own text (a label, not an input's value, which scrolls in its field)
      if (el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA' && !el.title) {
        for (const t of [el, ...el.querySelectorAll<HTMLElement>('span, strong')]) {
          const style = getComputedStyle(t);
          const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          if (clips && t.clientWidth > 1 && t.scrollWidth > t.clientWidth + 1 && (t.textContent ?? '').trim())
            out.push(`text cut off: ${name(el)}`);
        }
      }
      if (!scrolled) free.push({ el, rect });
    }
    for (let i = 0; i < free.length; i++) {
      for (let j = i + 1; j < free.length; j++) {
        const a = free[i]!;
        const b = free[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (w > 2 && h > 2) out.push(`overlap: ${name(a.el)} and ${name(b.el)}`);
      }
    }
    return out;
  });
}
