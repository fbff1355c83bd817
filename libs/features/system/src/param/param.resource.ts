import { paramEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The parameter page of docs/spec.md §2: labels, rules, filters and buttons come from the contract (param.yaml); the page
 * states its layout: a 6-row value, a 2-row remark kept out of the list, a wide dialog that a stray click keeps open.
 */
export const paramResource = defineResource(paramEntity, {
  columns: {
    paramValue: { rows: 6 },
    // VARCHAR(255): not long enough for the default textarea guess, but the old console shows one.
    remark: { type: 'textarea', rows: 2, span: 24, hideInList: true },
  },
  dialog: { width: 880, closeOnOutsideClick: false },
  menuWidth: 240,
});

export const paramAdapter = entityAdapter(paramEntity);
