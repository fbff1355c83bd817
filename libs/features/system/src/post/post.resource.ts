import { postEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/** The post page: all from the contract (post.yaml), but the list shows the kind by the label the server sends. */
export const postResource = defineResource(postEntity, {
  columns: { category: { render: (row) => row.categoryName } },
});

export const postAdapter = entityAdapter(postEntity);
