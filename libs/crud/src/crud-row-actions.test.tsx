import { UiLocaleProvider } from '@smart/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { CrudRowActions } from './crud-row-actions';

describe('CrudRowActions', () => {
  it('on a phone shows icons only, each button still named and titled', async () => {
    const onEdit = vi.fn();
    render(
      <UiLocaleProvider locale="zh">
        <CrudRowActions compact onView={() => {}} onEdit={onEdit} onDelete={() => {}} />
      </UiLocaleProvider>,
    );
    const edit = screen.getByRole('button', { name: '编辑' });
    expect(edit).toHaveAttribute('title', '编辑');
    expect(edit.querySelector('.sr-only')?.textContent).toBe('编辑');
    await userEvent.click(edit);
    expect(onEdit).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('button')).toHaveLength(3);
  });

  it('spells the actions out on a wide screen', () => {
    render(
      <UiLocaleProvider locale="en">
        <CrudRowActions onView={() => {}} />
      </UiLocaleProvider>,
    );
    const view = screen.getByRole('button', { name: 'View' });
    expect(view).not.toHaveAttribute('title');
    expect(view.querySelector('.sr-only')).toBeNull();
  });
});
