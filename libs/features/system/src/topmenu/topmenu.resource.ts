import { topmenuEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The top menu page (topmenu.yaml): all from the contract, listed in the top bar's order. Granting menus to a top
 * menu (`topmenu/grant`) is not on this page yet.
 */
export const topmenuResource = defineResource(topmenuEntity, {
  defaultSort: { prop: 'sort', order: 'asc' },
});

export const topmenuAdapter = entityAdapter(topmenuEntity);
