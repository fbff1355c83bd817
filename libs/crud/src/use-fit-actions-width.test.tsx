import { render, screen } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useFitActionsWidth } from './use-fit-actions-width';

// jsdom lays nothing out: each button reports the width it needs through a stubbed scrollWidth.
afterEach(() => vi.restoreAllMocks());

function Table({ buttons, estimate }: { buttons: number[][]; estimate: number }) {
  const ref = React.useRef<HTMLDivElement>(null);
  const width = useFitActionsWidth(ref, estimate, [buttons]);
  return (
    <div ref={ref}>
      <output>{width}</output>
      {buttons.map((row, i) => (
        <div key={i} style={{ padding: '0 8px' }}>
          <div data-slot="crud-row-actions" style={{ columnGap: '4px' }}>
            {row.map((w, j) => (
              <button key={j} data-width={w} type="button" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

describe('the row action column width', () => {
  it('keeps the estimate when the actions fit, and grows to the widest row when they do not', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return Number(this.dataset.width ?? 0);
    });
    const { rerender } = render(<Table estimate={240} buttons={[[60, 60, 60]]} />);
    expect(screen.getByRole('status').textContent).toBe('240');
    rerender(
      <Table
        estimate={240}
        buttons={[
          [60, 60],
          [60, 60, 60, 90],
        ]}
      />,
    );
    // 270 of buttons, 3 gaps of 4, 16 of padding, 2 of borders
    expect(screen.getByRole('status').textContent).toBe('300');
  });
});
