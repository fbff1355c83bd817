import { Button, SimpleDialog, UiLocaleProvider } from '@smart/ui';
import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
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

  it('on a phone puts the page\'s own actions behind one "more" button, which a choice closes', async () => {
    const onRetry = vi.fn();
    const extra = (
      <>
        <Button variant="link" size="xs" onClick={onRetry}>
          重新发布
        </Button>
        {false}
      </>
    );
    render(
      <UiLocaleProvider locale="zh">
        <CrudRowActions compact onEdit={() => {}} extra={extra} />
      </UiLocaleProvider>,
    );
    expect(screen.queryByRole('button', { name: '重新发布' })).toBeNull();
    const more = screen.getByRole('button', { name: '更多操作' });
    expect(more).toHaveAttribute('title', '更多操作');
    await userEvent.click(more);
    await userEvent.click(await screen.findByRole('button', { name: '重新发布' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: '重新发布' })).toBeNull());
  });

  it("keeps what an action opened after the menu closes (a dialog in the action's own state)", async () => {
    function Schedule() {
      const [open, setOpen] = React.useState(false);
      return (
        <>
          <Button variant="link" size="xs" onClick={() => setOpen(true)}>
            定时设置
          </Button>
          <SimpleDialog open={open} onOpenChange={setOpen} title="定时设置">
            每天 9 点
          </SimpleDialog>
        </>
      );
    }
    render(
      <UiLocaleProvider locale="zh">
        <CrudRowActions compact extra={<Schedule />} />
      </UiLocaleProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '更多操作' }));
    await userEvent.click(await screen.findByRole('button', { name: '定时设置' }));
    const dialog = await screen.findByRole('dialog', { name: '定时设置' });
    expect(dialog).toHaveTextContent('每天 9 点');
    // the menu is closed (hidden) while the dialog stays
    expect(screen.queryByRole('group', { name: '更多操作' })).toBeNull();
    expect(screen.getByRole('dialog', { name: '定时设置' })).toBeInTheDocument();
  });

  it('has no "more" button when the page gives nothing for the row', () => {
    render(
      <UiLocaleProvider locale="zh">
        <CrudRowActions
          compact
          onEdit={() => {}}
          extra={
            <>
              {null}
              {false}
            </>
          }
        />
      </UiLocaleProvider>,
    );
    expect(screen.queryByRole('button', { name: '更多操作' })).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
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
