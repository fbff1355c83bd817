import { attachEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

const UNITS = ['B', 'KB', 'MB', 'GB'];

/** A size in bytes as people read it: `20480` → `20 KB`. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? size : size.toFixed(size < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/**
 * The attachment page (resource.yaml): rows come from uploads (apps/server/src/modules/resource/attach/attach.module.ts), so the contract
 * declares only the view and delete buttons and the page has no add or edit form: its 上传 sends a file to the
 * active storage, and images have a preview (AttachPage.tsx). The list opens the file in a new tab
 * and gives its size in readable units; the storage domain and object name stay in the view dialog.
 */
export const attachResource = defineResource(attachEntity, {
  columns: {
    originalName: { width: 200 },
    link: {
      type: 'input',
      render: (row) => (
        <a className="text-primary underline" href={row.link} target="_blank" rel="noopener noreferrer">
          {row.link}
        </a>
      ),
    },
    domain: { hideInList: true },
    name: { hideInList: true },
    attachSize: { render: (row) => formatSize(row.attachSize) },
  },
  order: ['originalName', 'link', 'extension', 'attachSize'],
});

export const attachAdapter = entityAdapter(attachEntity);
