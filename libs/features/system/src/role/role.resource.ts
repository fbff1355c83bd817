import { roleEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The role page (role.yaml): the contract's tree of roles with its fields, filters and buttons; the parent is
 * picked in the form's tree of the roles on screen, so the list does not repeat it as an id.
 */
export const roleResource = defineResource(roleEntity, {
  columns: { parentId: { listHidden: true } },
});

export const roleAdapter = entityAdapter(roleEntity);
