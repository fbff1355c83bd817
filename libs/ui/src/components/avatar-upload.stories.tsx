import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as baseUserEvent, waitFor } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { AvatarUpload } from './avatar-upload';
import { Label } from './label';
import type { UploadHandler } from './upload';

const AVATAR =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Crect width='64' height='64' fill='%23409EFF'/%3E%3Ccircle cx='32' cy='26' r='12' fill='white'/%3E%3Cellipse cx='32' cy='60' rx='22' ry='16' fill='white'/%3E%3C/svg%3E";

/** Fake put-file: resolves to the link after a moment. */
const fakeUpload: UploadHandler = async (_file, { onProgress }) => {
  onProgress(50);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { url: AVATAR };
};

const meta = {
  title: 'Forms/AvatarUpload',
  component: AvatarUpload,
  args: { upload: fakeUpload, onChange: fn(), onReject: fn() },
} satisfies Meta<typeof AvatarUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

function fileInput(root: HTMLElement): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

/** jpg/png ≤ 500 kB (docs/spec.md §9); the link is emitted and previewed in a circle. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await baseUserEvent
      .setup({ applyAccept: false })
      .upload(fileInput(canvasElement), new File(['x'], 'me.gif', { type: 'image/gif' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('只能上传 jpg/png 文件');
    await userEvent.upload(fileInput(canvasElement), new File(['x'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith(AVATAR));
    await expect(canvas.getByRole('button', { name: '更换头像' })).toBeVisible();
  },
};

export const WithValue: Story = { args: { defaultValue: AVATAR, size: 120 } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid gap-2">
      <Label htmlFor="avatar">头像</Label>
      <AvatarUpload {...args} id="avatar" />
    </div>
  ),
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: AVATAR } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <AvatarUpload {...args} />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const big = new File([new Uint8Array(600 * 1024)], 'me.jpg', { type: 'image/jpeg' });
    await userEvent.upload(fileInput(canvasElement), big);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The file size cannot exceed 500KB');
    await expect(canvas.getByRole('button', { name: 'Upload avatar' })).toBeVisible();
  },
};
