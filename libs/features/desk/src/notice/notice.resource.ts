import { noticeEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The notice page (desk.yaml): the list labels the kind by its dictionary (notice, in the operator's language, not
 * the server's Chinese-only `categoryName`) and leaves the content to the
 * dialog, where it is rich text (the kit's `richtext` field, HTML). The server keeps only the allowlist desk.yaml
 * gives for `content` (apps/server/src/modules/desk/notice/notice-html.ts) and the editor sanitises what it shows;
 * the view dialog shows it in the read-only editor.
 */
export const noticeResource = defineResource(noticeEntity, {
  columns: {
    content: { type: 'richtext', span: 24, hideInList: true },
  },
  dialog: { width: 880 },
});

export const noticeAdapter = entityAdapter(noticeEntity);
