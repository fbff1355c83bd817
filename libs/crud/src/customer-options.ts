import { userPage } from '@smart/api-sdk';
import { useRemoteOptions } from './remote-options';
import type { RemoteOptions } from './types';
import { useMemo } from 'react';

/**
 * The customers of the tenant a grant, a card or a drawing's power may go to (the pay and mj features' dialogs): its users, by name and account. One page of the largest
 * size the contract allows (1000); a bigger tenant finds the rest by typing in the list page's customer filter.
 */
export const CUSTOMERS: RemoteOptions = {
  key: ['user', 'grant-customers'],
  load: async (signal) => {
    const page = await userPage({ current: 1, size: 1000 }, undefined, signal);
    return (page.records ?? []).map((u) => ({
      value: u.id,
      label: u.realName ? `${u.realName} (${u.account})` : u.account,
    }));
  },
};

/** The customers as combobox options (string values), loaded only while `open` (a dialog's). */
export function useCustomerOptions(open: boolean): { label: string; value: string }[] {
  const loaded = useRemoteOptions(open ? CUSTOMERS : undefined);
  return useMemo(() => loaded.map((o) => ({ label: o.label, value: String(o.value) })), [loaded]);
}
