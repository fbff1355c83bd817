// The licence of tenants (tenant.yaml `setting`): what the dialog edits, how it is checked, and the query the
// operation takes.
import type { Tenant, TenantSettingParams } from '@smart/api-sdk';
import { z } from 'zod';

/** The operation of the licence; `x-entity.actions` of `tenant` names the button it needs. */
export const LICENCE_OP = 'tenantSetting';

/** The platform's datetime (docs/platform-contract.md §1.3: `yyyy-MM-dd HH:mm:ss`, query strings included). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export interface LicenceMessages {
  /** The quota is missing, not whole, or below -1. */
  accountNumber: string;
  /** The expiry is not a datetime of the platform's format. */
  expireTime: string;
}

/** The contract's bounds (tenant.yaml `setting`): a whole quota of at least -1, an optional datetime. */
export function licenceSchema(messages: LicenceMessages) {
  const quota = { error: messages.accountNumber };
  return z.object({
    accountNumber: z.number(quota).int(quota).min(-1, quota),
    expireTime: z.union([z.literal(''), z.string().regex(DATE_TIME, { error: messages.expireTime })]),
  });
}

/** The dialog's values: the quota (-1 unlimited) and the end of the licence ('' for never). */
export type LicenceValues = z.input<ReturnType<typeof licenceSchema>>;

/**
 * What the dialog opens with: the tenant's own licence when one tenant is chosen, else no quota and no end, so an
 * operator setting several at once types the quota they all get.
 */
export function licenceValues(tenant?: Pick<Tenant, 'accountNumber' | 'expireTime'>): Partial<LicenceValues> {
  return tenant
    ? { accountNumber: tenant.accountNumber, expireTime: tenant.expireTime ?? '' }
    : { expireTime: '' };
}

/** The query of `tenant/setting` for the chosen tenants' row ids; no expiry means never, so it is left out. */
export function licenceParams(
  ids: readonly string[],
  values: z.output<ReturnType<typeof licenceSchema>>,
): TenantSettingParams {
  return {
    ids: ids.join(','),
    accountNumber: values.accountNumber,
    ...(values.expireTime ? { expireTime: values.expireTime } : {}),
  };
}
