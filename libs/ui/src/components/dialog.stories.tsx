import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';

import { Button } from './button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  SimpleDialog,
} from './dialog';
import { Input } from './input';
import { Label } from './label';

const meta = {
  title: 'Components/Dialog',
  component: SimpleDialog,
  args: {
    title: '编辑',
    description: '修改参数后保存',
    width: 520,
    closeOnOutsideClick: true,
    trigger: <Button variant="primary">打开</Button>,
    footer: (
      <>
        <DialogClose asChild>
          <Button>取消</Button>
        </DialogClose>
        <Button variant="primary">保存</Button>
      </>
    ),
    children: (
      <div className="grid gap-2">
        <Label htmlFor="dlg-name" required>
          参数名称
        </Label>
        <Input id="dlg-name" />
      </div>
    ),
  },
} satisfies Meta<typeof SimpleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '打开' }));
    const dialog = await screen.findByRole('dialog');
    await expect(dialog).toHaveTextContent('编辑');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Dictionary dialogs: 880 wide, not closed by clicking outside. */
export const WideNoOutsideClose: Story = {
  args: { width: 880, closeOnOutsideClick: false, defaultOpen: true },
};

export const Composed: Story = {
  render: () => (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Composed parts</Button>
      </DialogTrigger>
      <DialogContent width={400}>
        <DialogHeader>
          <DialogTitle>标题</DialogTitle>
          <DialogDescription>用 Dialog 的各个部件组合。</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <p className="text-sm">内容区可以滚动。</p>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button>关闭</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
};
