import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';

import { Button } from './button';
import { ConfirmDialog, ConfirmProvider, useConfirm } from './confirm-dialog';

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: '提示',
    description: '确定将选择数据删除?',
    destructive: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

function PromiseDemo({ onResult }: { onResult: (ok: boolean) => void }) {
  const confirm = useConfirm();
  const [result, setResult] = React.useState<string>('–');
  return (
    <div className="flex items-center gap-3">
      <Button
        variant="destructive"
        onClick={async () => {
          const ok = await confirm({ description: '确定将选择数据删除?', destructive: true });
          setResult(String(ok));
          onResult(ok);
        }}
      >
        删除
      </Button>
      <span data-testid="result">{result}</span>
    </div>
  );
}

/** `const confirm = useConfirm(); if (await confirm({ description })) …` inside a ConfirmProvider. */
export const PromiseApi: Story = {
  render: (args) => (
    <ConfirmProvider>
      <PromiseDemo onResult={args.onConfirm as unknown as (ok: boolean) => void} />
    </ConfirmProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('确定将选择数据删除?');
    await userEvent.click(screen.getByRole('button', { name: /确定|Confirm/ }));
    await waitFor(() => expect(canvas.getByTestId('result')).toHaveTextContent('true'));
  },
};
