import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

import { SimpleDialog } from './dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuDialogItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

function MenuWithDialog({ onSubmit, onOpen }: { onSubmit: (value: string) => void; onOpen?: () => void }) {
  const [open, setOpen] = React.useState(false);
  const [value, setValue] = React.useState('');
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger>菜单</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuDialogItem
            onOpen={() => {
              onOpen?.();
              setOpen(true);
            }}
          >
            锁屏
          </DropdownMenuDialogItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SimpleDialog open={open} onOpenChange={setOpen} title="锁屏">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(value);
          }}
        >
          <input aria-label="密码" value={value} onChange={(e) => setValue(e.target.value)} />
          <button type="submit">确定</button>
        </form>
      </SimpleDialog>
    </>
  );
}

describe('DropdownMenuDialogItem', () => {
  it('opens its dialog once the menu has closed, and the dialog takes typing and the submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    let menuOpenWhenCalled: boolean | undefined;
    render(
      <MenuWithDialog
        onSubmit={onSubmit}
        onOpen={() => {
          menuOpenWhenCalled = screen.queryByRole('menu') !== null;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: '菜单' }));
    await user.click(await screen.findByRole('menuitem', { name: '锁屏' }));
    const dialog = await screen.findByRole('dialog', { name: '锁屏' });
    expect(menuOpenWhenCalled).toBe(false);
    await user.type(screen.getByLabelText('密码'), 'abc');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(onSubmit).toHaveBeenCalledWith('abc');
    expect(dialog).toBeInTheDocument();
  });
});
