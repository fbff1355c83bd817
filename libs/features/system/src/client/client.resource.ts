import { clientEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter, type Option } from '@smart/crud';

/** The grants a client may list (client.yaml `authorizedGrantTypes`), sent comma-joined. */
const GRANTS: Option[] = ['refresh_token', 'password', 'authorization_code', 'captcha', 'social'].map(
  (grant) => ({ label: grant, value: grant }),
);

/**
 * The OAuth client page (client.yaml). The server answers the secret as the mask `******` and keeps the stored secret
 * when the mask comes back (apps/server/src/modules/system/client/client.module.ts), so the form edits it as a password; the grants are
 * chosen from the contract's list; the rarely used columns stay in the dialog.
 */
export const clientResource = defineResource(clientEntity, {
  columns: {
    clientSecret: { type: 'password' },
    // picked now, so worded as a choice (the generated placeholder is a typed one's, entity-resource.ts patchColumn)
    authorizedGrantTypes: {
      type: 'multiselect',
      options: GRANTS,
      dataType: 'string',
      span: 24,
      placeholder: 'system.client.placeholders.authorizedGrantTypes',
    },
    webServerRedirectUri: { hideInList: true },
    resourceIds: { hideInList: true },
    authorities: { hideInList: true },
    autoapprove: { hideInList: true },
    // client.yaml: accepted on submit, never returned, so there is nothing to show.
    additionalInformation: { hideInList: true, hideInForm: { view: true } },
  },
  dialog: { width: 880 },
  // view, edit, delete and the secret rotation (ClientPage.tsx): the kit's default 240 px clips the fourth
  menuWidth: 320,
});

export const clientAdapter = entityAdapter(clientEntity);
