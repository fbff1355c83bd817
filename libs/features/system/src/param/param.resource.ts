import type { Param, ParamSubmit } from '@smart/api-sdk';
import { defineResource } from '@smart/ui';

/** The parameter page of spec §2: name, key and a 6-row value, with index and selection columns and a view button. */
export const paramResource = defineResource<Param, ParamSubmit>({
  name: 'param',
  title: 'system.param.title',
  columns: [
    {
      prop: 'paramName',
      label: 'system.param.paramName',
      search: true,
      rules: { required: 'system.param.rules.paramName', max: 255 },
    },
    {
      prop: 'paramKey',
      label: 'system.param.paramKey',
      search: true,
      rules: { required: 'system.param.rules.paramKey', max: 255 },
    },
    {
      prop: 'paramValue',
      label: 'system.param.paramValue',
      type: 'textarea',
      rows: 6,
      span: 24,
      rules: { required: 'system.param.rules.paramValue', max: 65535 },
    },
    {
      prop: 'remark',
      label: 'system.param.remark',
      type: 'textarea',
      rows: 2,
      span: 24,
      hideInList: true,
      rules: { max: 255 },
    },
  ],
  permissions: { add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' },
  actions: { view: true, edit: true, delete: true },
  dialog: { width: 880, closeOnOutsideClick: false },
  menuWidth: 240,
});
