import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { enMessages, zhMessages } from '../locale/messages';
import {
  acceptToLabel,
  formatFileSize,
  matchesAccept,
  Upload,
  type UploadHandler,
  validateFile,
} from './upload';

function file(name: string, type: string, size: number): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function input(container: HTMLElement): HTMLInputElement {
  return container.querySelector('input[type=file]') as HTMLInputElement;
}

describe('upload helpers', () => {
  it('derive labels and check accept lists', () => {
    expect(acceptToLabel('image/jpeg,image/png')).toBe('jpg/png');
    expect(acceptToLabel('.pdf, .docx')).toBe('pdf/docx');
    expect(formatFileSize(500 * 1024)).toBe('500KB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2MB');
    expect(matchesAccept(file('a.JPEG', '', 1), '.jpg')).toBe(true);
    expect(matchesAccept(file('a.gif', 'image/gif', 1), 'image/*')).toBe(true);
    expect(matchesAccept(file('a.gif', 'image/gif', 1), 'image/jpeg,image/png')).toBe(false);
  });

  it('validateFile gives the kit message in zh and en', () => {
    const rules = { accept: 'image/jpeg,image/png', maxSize: 500 * 1024 };
    expect(validateFile(file('a.gif', 'image/gif', 10), rules, zhMessages)).toBe('只能上传 jpg/png 文件');
    expect(validateFile(file('a.png', 'image/png', 600 * 1024), rules, zhMessages)).toBe(
      '文件大小不能超过 500KB',
    );
    expect(validateFile(file('a.png', 'image/png', 600 * 1024), rules, enMessages)).toBe(
      'The file size cannot exceed 500KB',
    );
    expect(validateFile(file('a.png', 'image/png', 100), rules, zhMessages)).toBeUndefined();
  });
});

describe('Upload', () => {
  it('rejects wrong types and large files with the message', async () => {
    const upload = vi.fn<UploadHandler>();
    const onReject = vi.fn();
    const { container } = render(
      <Upload
        aria-label="附件"
        upload={upload}
        accept="image/jpeg,image/png"
        maxSize={500 * 1024}
        onReject={onReject}
      />,
    );
    fireEvent.change(input(container), {
      target: { files: [file('a.gif', 'image/gif', 10), file('b.png', 'image/png', 900 * 1024)] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('a.gif: 只能上传 jpg/png 文件');
    expect(alert).toHaveTextContent('b.png: 文件大小不能超过 500KB');
    expect(upload).not.toHaveBeenCalled();
    expect(onReject).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: /附件/ })).toHaveAttribute('aria-describedby', alert.id);
  });

  it('uploads through the upload prop, shows progress, lists and removes files', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    let finish: (value: { url: string }) => void = () => {};
    const upload = vi.fn<UploadHandler>(
      (_file, { onProgress }) =>
        new Promise((resolve) => {
          onProgress(40);
          finish = resolve;
        }),
    );
    const { container } = render(<Upload aria-label="附件" upload={upload} onChange={onChange} />);
    fireEvent.change(input(container), { target: { files: [file('a.txt', 'text/plain', 10)] } });
    const bar = await screen.findByRole('progressbar', { name: '上传中 a.txt' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    await act(async () => finish({ url: 'https://cdn/x/a.txt' }));
    expect(onChange).toHaveBeenLastCalledWith([{ name: 'a.txt', url: 'https://cdn/x/a.txt' }]);
    expect(screen.getByRole('link', { name: 'a.txt' })).toHaveAttribute('href', 'https://cdn/x/a.txt');
    await user.click(screen.getByRole('button', { name: '删除 a.txt' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('enforces maxCount and marks failed uploads', async () => {
    const upload = vi.fn<UploadHandler>(async (f) => {
      if (f.name === 'bad.txt') throw new Error('500');
      return { url: `/f/${f.name}` };
    });
    const onChange = vi.fn();
    const { container } = render(
      <Upload
        aria-label="附件"
        upload={upload}
        maxCount={2}
        defaultValue={[{ name: 'a', url: '/f/a' }]}
        onChange={onChange}
      />,
    );
    fireEvent.change(input(container), {
      target: { files: [file('bad.txt', 'text/plain', 1), file('c.txt', 'text/plain', 1)] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('最多只能上传 2 个文件');
    expect(upload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText(/bad\.txt · 上传失败/)).toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('accepts dropped files', async () => {
    const upload = vi.fn<UploadHandler>(async (f) => ({ url: `/f/${f.name}` }));
    const onChange = vi.fn();
    render(<Upload aria-label="附件" upload={upload} onChange={onChange} />);
    fireEvent.drop(screen.getByRole('button', { name: /附件/ }), {
      dataTransfer: { files: [file('d.txt', 'text/plain', 1)] },
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ name: 'd.txt', url: '/f/d.txt' }]));
  });
});
