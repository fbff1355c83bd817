import { tenantEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The tenant page (tenant.yaml): the list and dialog the kit's generic page gave it, plus the page's own actions
 * (TenantPage.tsx). The code, quota and expiry are the server's (the code is generated, the other two change only
 * through `tenant/setting`), so they are listed, searched where the contract filters them, and never edited in the
 * dialog; the list opens with the contract's columns (`x-entity.columns`) in its order, the login background on demand.
 */
export const tenantResource = defineResource(tenantEntity, {
  columns: {
    tenantId: {},
    accountNumber: {},
    expireTime: {},
    backgroundUrl: { listHidden: true },
  },
  order: [
    'tenantId',
    'tenantName',
    'domain',
    'linkman',
    'contactNumber',
    'accountNumber',
    'expireTime',
    'address',
  ],
});

export const tenantAdapter = entityAdapter(tenantEntity);
