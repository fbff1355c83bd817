import { noticeEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The notice page (desk.yaml): the list shows the kind by the label the server sends and leaves the content to the
 * dialog, where it is plain text in a tall textarea (apps/server/src/modules/desk/notice/notice.module.ts stores it as given; nothing
 * here renders it as HTML).
 */
export const noticeResource = defineResource(noticeEntity, {
  columns: {
    category: { render: (row) => row.categoryName },
    content: { type: 'textarea', rows: 8, span: 24, hideInList: true },
  },
  dialog: { width: 880 },
});

export const noticeAdapter = entityAdapter(noticeEntity);
