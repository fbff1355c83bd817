import * as React from 'react';

/** The width a row's action cell needs: its buttons side by side, the gaps between them and the cell's padding. */
function neededWidth(cell: HTMLElement): number {
  const buttons = [...cell.children] as HTMLElement[];
  if (buttons.length === 0) return 0;
  const style = getComputedStyle(cell);
  const gap = parseFloat(style.columnGap) || 0;
  const td = cell.parentElement ? getComputedStyle(cell.parentElement) : undefined;
  const padding = td ? (parseFloat(td.paddingLeft) || 0) + (parseFloat(td.paddingRight) || 0) : 0;
  // each button at its own width (scrollWidth: what it needs, even when the cell is narrower and squeezes it)
  const content = buttons.reduce((sum, b) => sum + b.scrollWidth, 0) + gap * (buttons.length - 1);
  return Math.ceil(content + padding + 2);
}

/**
 * The desktop width of the pinned row action column: the page's estimate (`menuWidth`, else by the built-in actions),
 * grown to the widest action cell on screen, so a page's own actions or a longer language do not clip (a pinned
 * column has a fixed width; the table cannot fit it itself). Measured again when the rows or the language change.
 */
export function useFitActionsWidth(
  root: React.RefObject<HTMLElement | null>,
  estimate: number,
  deps: readonly unknown[],
): number {
  const [fit, setFit] = React.useState(0);
  React.useLayoutEffect(() => {
    const cells = root.current?.querySelectorAll<HTMLElement>('[data-slot="crud-row-actions"]') ?? [];
    let widest = 0;
    for (const cell of cells) widest = Math.max(widest, neededWidth(cell));
    setFit(widest);
    // measured again only when what the cells show changes (`deps`)
  }, deps);
  return Math.max(estimate, fit);
}
