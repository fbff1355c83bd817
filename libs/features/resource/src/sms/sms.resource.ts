import { smsEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The SMS config page (resource.yaml). As on the object storage page, the secret key is edited as a password (the
 * server answers `******` and keeps the stored key when the mask comes back, apps/server/src/modules/resource/sms/sms.module.ts) and the
 * list shows the kind and the active flag by their dictionaries (sms, yes_no), in the operator's language. A row that is not the active config can be enabled, and
 * any can send a test message (SmsPage.tsx).
 */
export const smsResource = defineResource(smsEntity, {
  columns: {
    secretKey: { type: 'password' },
    regionId: { hideInList: true },
    remark: { type: 'textarea', rows: 2, span: 24, hideInList: true },
    status: { hideInForm: true },
  },
  dialog: { width: 880 },
});

export const smsAdapter = entityAdapter(smsEntity);
