import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as baseUserEvent, waitFor } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Label } from './label';
import { Upload, type UploadHandler } from './upload';

/** Fake upload: reports progress, then resolves to a link. */
const fakeUpload: UploadHandler = (file, { onProgress }) =>
  new Promise((resolve) => {
    let percent = 0;
    const timer = setInterval(() => {
      percent += 25;
      onProgress(percent);
      if (percent >= 100) {
        clearInterval(timer);
        resolve({ url: `https://oss.example.com/${encodeURIComponent(file.name)}`, name: file.name });
      }
    }, 60);
  });

const meta = {
  title: 'Forms/Upload',
  component: Upload,
  args: { 'aria-label': '附件', upload: fakeUpload, onChange: fn(), onReject: fn(), className: 'w-96' },
} satisfies Meta<typeof Upload>;

export default meta;
type Story = StoryObj<typeof meta>;

function fileInput(root: HTMLElement): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

/** Choose a file: progress, then the file is listed; remove it again. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.upload(
      fileInput(canvasElement),
      new File(['hello'], 'report.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(args.onChange).toHaveBeenLastCalledWith([
        { name: 'report.pdf', url: 'https://oss.example.com/report.pdf' },
      ]),
    );
    await userEvent.click(canvas.getByRole('button', { name: '删除 report.pdf' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
  },
};

/** jpg/png up to 500 kB: other files are rejected with the kit message. */
export const Limits: Story = {
  args: { accept: 'image/jpeg,image/png', maxSize: 500 * 1024, maxCount: 3 },
  play: async ({ canvas, canvasElement, args }) => {
    await baseUserEvent
      .setup({ applyAccept: false })
      .upload(fileInput(canvasElement), new File(['x'], 'anim.gif', { type: 'image/gif' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('只能上传 jpg/png 文件');
    await expect(args.onReject).toHaveBeenCalled();
  },
};

export const WithValue: Story = {
  args: {
    defaultValue: [
      { name: '合同.pdf', url: 'https://oss.example.com/contract.pdf' },
      { name: '发票.png', url: 'https://oss.example.com/invoice.png' },
    ],
  },
};

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-96 gap-2">
      <Label htmlFor="attachments">附件</Label>
      <Upload {...args} aria-label={undefined} id="attachments" />
    </div>
  ),
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <Upload {...args} aria-label="Attachments" accept=".pdf" maxSize={2 * 1024 * 1024} />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, canvasElement, userEvent }) => {
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(canvasElement), big);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The file size cannot exceed 2MB');
  },
};
