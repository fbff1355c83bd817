import { postEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The post page: all from the contract (post.yaml); the list labels the kind by its dictionary (post_category) in
 * the operator's language, not by the server's Chinese-only `categoryName`.
 */
export const postResource = defineResource(postEntity);

export const postAdapter = entityAdapter(postEntity);
