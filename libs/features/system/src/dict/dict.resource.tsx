import type { Dict, DictSubmit } from '@smart/api-sdk';
import { defineResource, type CrudColumn, type Option, type ResourceDef } from '@smart/crud';
import type * as React from 'react';
import type { DictChildRow } from './dict.adapter';
import type { DictApi } from './dict.api';

/** Spec §9 "Dictionary table layout": one dialog for both lists, 880 wide, not closed by an outside click. */
const dialog = { width: 880, closeOnOutsideClick: false };

function sealedOptions(t: (key: string) => string): Option[] {
  // [off, on]: the kit's switch stores these values, so the flag stays the contract's 0/1.
  return [
    { label: t('system.dict.sealedNo'), value: 0 },
    { label: t('system.dict.sealedYes'), value: 1 },
  ];
}

/** Sealed (switchable in the list, docs/spec.md §9 widths: 100 parent, 80 child) and remark, the same in both lists. */
function sealedAndRemark<Row extends Dict>(
  t: (key: string) => string,
  sealedWidth: number,
  sealedCell: (row: Row) => React.ReactNode,
): CrudColumn<Row, DictSubmit>[] {
  return [
    {
      prop: 'isSealed',
      label: 'system.dict.isSealed',
      type: 'switch',
      width: sealedWidth,
      align: 'center',
      options: sealedOptions(t),
      defaultValue: 0,
      rules: { required: 'system.dict.rules.isSealed' },
      render: sealedCell,
    },
    {
      prop: 'remark',
      label: 'system.dict.remark',
      placeholder: 'system.dict.placeholders.remark',
      type: 'textarea',
      rows: 2,
      span: 24,
      hideInList: true,
      rules: { max: 255 },
    },
  ];
}

function permissions(api: DictApi) {
  return {
    add: `${api.name}_add`,
    edit: `${api.name}_edit`,
    delete: `${api.name}_delete`,
    view: `${api.name}_view`,
  };
}

/** The parent list (dictionary headers) of docs/spec.md §2/§3: code and name searchable, sort and remark hidden. */
export function parentDictResource(
  api: DictApi,
  t: (key: string) => string,
  sealedCell: (row: Dict) => React.ReactNode,
): ResourceDef<Dict, DictSubmit> {
  return defineResource<Dict, DictSubmit>({
    name: api.name,
    title: api.title,
    columns: [
      {
        prop: 'code',
        label: 'system.dict.code',
        placeholder: 'system.dict.placeholders.code',
        search: true,
        rules: { required: 'system.dict.rules.code', max: 255 },
      },
      {
        prop: 'dictValue',
        label: 'system.dict.dictValue',
        placeholder: 'system.dict.placeholders.dictValue',
        search: true,
        rules: { required: 'system.dict.rules.dictValue', max: 255 },
      },
      {
        prop: 'sort',
        label: 'system.dict.sort',
        placeholder: 'system.dict.placeholders.sort',
        type: 'number',
        width: 100,
        min: 0,
        precision: 0,
        hideInList: true,
        rules: { required: 'system.dict.rules.sort' },
      },
      ...sealedAndRemark<Dict>(t, 100, sealedCell),
    ],
    permissions: permissions(api),
    actions: { view: true, edit: true, delete: true },
    dialog,
    menuWidth: 250,
  });
}

/** The items of one header (docs/spec.md §3 "Child dictionary"), tree-shaped: each row indented by its depth. */
export function childDictResource(
  api: DictApi,
  t: (key: string) => string,
  parent: Dict,
  parentOptions: Option[],
  sealedCell: (row: DictChildRow) => React.ReactNode,
): ResourceDef<DictChildRow, DictSubmit> {
  const fixed = { add: true, edit: true } as const;
  const columns: CrudColumn<DictChildRow, DictSubmit>[] = [
    {
      prop: 'code',
      label: 'system.dict.code',
      placeholder: 'system.dict.placeholders.code',
      defaultValue: parent.code,
      disabled: fixed,
      rules: { required: 'system.dict.rules.code', max: 255 },
    },
    {
      prop: 'parentId',
      label: 'system.dict.parentId',
      placeholder: 'system.dict.placeholders.parentId',
      type: 'tree',
      options: parentOptions,
      defaultValue: parent.id,
      disabled: fixed,
      hideInList: true,
    },
    {
      prop: 'dictValue',
      label: 'system.dict.dictValue',
      placeholder: 'system.dict.placeholders.dictValue',
      search: true,
      rules: { required: 'system.dict.rules.dictValue', max: 255 },
      render: (row) => (
        <span data-depth={row.depth} style={{ paddingInlineStart: `${row.depth * 1.25}rem` }}>
          {row.dictValue}
        </span>
      ),
    },
    {
      prop: 'dictKey',
      label: 'system.dict.dictKey',
      placeholder: 'system.dict.placeholders.dictKey',
      width: 80,
      rules: { required: 'system.dict.rules.dictKey', max: 255 },
    },
    {
      prop: 'sort',
      label: 'system.dict.sort',
      placeholder: 'system.dict.placeholders.sort',
      type: 'number',
      width: 100,
      min: 0,
      precision: 0,
      rules: { required: 'system.dict.rules.sort' },
    },
    ...sealedAndRemark<DictChildRow>(t, 80, sealedCell),
  ];
  return defineResource<DictChildRow, DictSubmit>({
    name: `${api.name}-item`,
    title: 'system.dict.itemTitle',
    columns,
    permissions: permissions(api),
    actions: { view: true, edit: true, delete: true },
    dialog,
    menuWidth: 300,
  });
}
