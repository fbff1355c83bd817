import { ossPutFile } from '@smart/api-sdk';
import type { UploadHandler } from '@smart/ui';

/**
 * Uploads an avatar with `oss/endpoint/put-file?kind=avatar` (the server checks JPG/PNG ≤ 500 KB too) and resolves
 * to its `link`.
 */
export const uploadAvatar: UploadHandler = async (file, { signal, onProgress }) => {
  const result = await ossPutFile({ file }, { kind: 'avatar' }, undefined, signal);
  onProgress(100);
  return { url: result.link, name: result.originalName };
};
