import { regionEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter } from '@smart/crud';

/**
 * The administrative region page (region.yaml): keyed by code and listed a level at a time from the country, all
 * from the contract. The page names a parent by its name, fixes it once saved (a region's ancestors and level codes
 * derive from it) and says what the code's digits must be.
 */
export const regionResource = defineResource(regionEntity, {
  order: ['name', 'code'],
  columns: {
    code: {
      width: 160,
      rules: {
        required: 'entity.region._rules.code',
        max: 12,
        pattern: { value: /^[0-9]{1,12}$/, message: 'system.region.codeDigits' },
      },
    },
    parentCode: { hideInList: true, disabled: { edit: true } },
    regionLevel: { width: 120 },
    sort: { width: 100 },
    remark: { type: 'textarea', rows: 2, hideInList: true },
  },
  dialog: { width: 720 },
});

export const regionAdapter = entityAdapter(regionEntity);
