import { datasourceEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The datasource page (openapi/schemas/develop.yaml Datasource). The server answers the password as the mask
 * `******` and keeps the stored one when the mask comes back (apps/server/src/modules/develop/datasource.ts), so
 * the form edits it as a password and the list leaves it out.
 */
export const datasourceResource = defineResource(datasourceEntity, {
  columns: {
    url: { type: 'input', span: 24 },
    password: { type: 'password', hideInList: true },
    remark: { type: 'textarea', rows: 2, span: 24, hideInList: true },
  },
  dialog: { width: 880 },
  menuWidth: 320,
});

export const datasourceAdapter = entityAdapter(datasourceEntity);
