import { ossEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The object storage page (resource.yaml). The server answers the secret key as the mask `******` and keeps the stored
 * key when the mask comes back (apps/server/src/modules/resource/oss/oss.module.ts), so the form edits it as a password; the list shows
 * the kind and whether the config is the active one by their dictionaries (oss, yes_no), in the operator's language:
 * the server's `categoryName`/`statusName` are Chinese only. A row that is not the active one
 * can be enabled (OssPage.tsx); uploads then go to it.
 */
export const ossResource = defineResource(ossEntity, {
  columns: {
    secretKey: { type: 'password' },
    appId: { hideInList: true },
    region: { hideInList: true },
    remark: { type: 'textarea', rows: 2, span: 24, hideInList: true },
    status: { hideInForm: true },
  },
  dialog: { width: 880 },
});

export const ossAdapter = entityAdapter(ossEntity);
