import { dyCommonEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The Douyin phrase pool (dy.yaml DyCommon): everything but the enable switch and the engine's counters comes from
 * the contract. The customer id stays out of the page until the customers (yd_user) have one to pick from: '' is a
 * phrase shared by the whole tenant.
 */
export function dyCommonResource(t: (key: string) => string) {
  return defineResource(dyCommonEntity, {
    columns: {
      ydUserId: false,
      status: {
        type: 'switch',
        options: [
          { label: t('dy.disabled'), value: 0 },
          { label: t('dy.enabled'), value: 1 },
        ],
        defaultValue: 1,
      },
      weight: { defaultValue: 1 },
      // read-only counters of the engine, listed after the form's fields
      useCount: {},
      lastUsedTime: {},
    },
    order: ['category', 'content', 'weight', 'sort', 'status'],
  });
}

export const dyCommonAdapter = entityAdapter(dyCommonEntity);
