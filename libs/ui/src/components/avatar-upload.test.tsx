import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '../locale/ui-locale';
import { AVATAR_MAX_SIZE, AvatarUpload } from './avatar-upload';
import type { UploadHandler } from './upload';

function file(name: string, type: string, size: number): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('AvatarUpload', () => {
  it('accepts jpg/png up to 500 kB by default and emits the link', async () => {
    const upload = vi.fn<UploadHandler>(async () => ({ url: 'https://oss/avatar.png' }));
    const onChange = vi.fn();
    const { container } = render(<AvatarUpload upload={upload} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '上传头像' })).toBeInTheDocument();
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    fireEvent.change(input, { target: { files: [file('me.png', 'image/png', AVATAR_MAX_SIZE)] } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('https://oss/avatar.png'));
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://oss/avatar.png');
    expect(screen.getByRole('button', { name: '更换头像' })).toBeInTheDocument();
  });

  it('rejects other types and larger files with the spec messages', async () => {
    const upload = vi.fn<UploadHandler>();
    const { container } = render(<AvatarUpload upload={upload} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('me.gif', 'image/gif', 10)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('只能上传 jpg/png 文件');
    fireEvent.change(input, { target: { files: [file('me.jpg', 'image/jpeg', AVATAR_MAX_SIZE + 1)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('文件大小不能超过 500KB');
    expect(upload).not.toHaveBeenCalled();
  });

  it('speaks English with the en locale', async () => {
    const { container } = render(
      <UiLocaleProvider locale="en">
        <AvatarUpload upload={vi.fn<UploadHandler>()} />
      </UiLocaleProvider>,
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('me.gif', 'image/gif', 10)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only jpg/png files can be uploaded');
  });
});
