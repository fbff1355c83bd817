import type { Region } from '@smart/api-sdk';
import { defineResource } from '@smart/crud';
import type { RegionForm } from './region.adapter';

/**
 * The administrative region page of docs/spec.md §2 (region.yaml): a tree loaded a level at a time, keyed by the
 * code; "add child" presets the parent; the code is the key, so it is typed once and fixed when editing.
 */
export const regionResource = defineResource<Region, RegionForm>({
  name: 'region',
  title: 'system.region.title',
  rowKey: 'code',
  columns: [
    {
      prop: 'name',
      label: 'system.region.name',
      placeholder: 'system.region.placeholders.name',
      search: true,
      rules: { required: 'system.region.rules.name', max: 32 },
    },
    {
      prop: 'code',
      label: 'system.region.code',
      placeholder: 'system.region.placeholders.code',
      search: true,
      width: 160,
      disabled: { edit: true },
      rules: {
        required: 'system.region.rules.code',
        max: 12,
        pattern: { value: /^[0-9]{1,12}$/, message: 'system.region.rules.codeDigits' },
      },
    },
    {
      prop: 'parentCode',
      label: 'system.region.parentCode',
      placeholder: 'system.region.placeholders.parentCode',
      type: 'tree',
      hideInList: true,
      disabled: { edit: true },
      rules: { required: 'system.region.rules.parentCode' },
    },
    {
      prop: 'regionLevel',
      label: 'system.region.regionLevel',
      placeholder: 'system.region.placeholders.regionLevel',
      type: 'select',
      dict: 'region',
      numericDict: true,
      width: 120,
      rules: { required: 'system.region.rules.regionLevel' },
    },
    {
      prop: 'sort',
      label: 'system.region.sort',
      placeholder: 'system.region.placeholders.sort',
      type: 'number',
      width: 100,
      defaultValue: 1,
    },
    {
      prop: 'remark',
      label: 'system.region.remark',
      placeholder: 'system.region.placeholders.remark',
      type: 'textarea',
      rows: 2,
      hideInList: true,
      rules: { max: 255 },
    },
  ],
  tree: { parentField: 'parentCode', lazy: true, labelField: 'name' },
  dialog: { width: 720 },
});
