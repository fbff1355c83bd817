import { codeDownload } from '@smart/api-sdk';

/** Saves the zip of the configs' generated files (`code/download`) as `smart-code.zip`. */
export async function downloadCode(ids: string[]): Promise<void> {
  const blob = await codeDownload({ ids: ids.join(',') });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = 'smart-code.zip';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
