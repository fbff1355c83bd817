import type { Dict, DictSubmit } from '@smart/api-sdk';
import { defineResource, type CrudColumn, type Option, type ResourceDef } from '@smart/crud';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import type * as React from 'react';
import type { DictChildRow } from './dict.adapter';
import type { DictApi } from './dict.api';

/** Spec §9 "Dictionary table layout": one dialog for both lists, 880 wide, not closed by an outside click. */
const dialog = { width: 880, closeOnOutsideClick: false };

type Patch<Row> = Partial<CrudColumn<Row, DictSubmit>>;

function sealedOptions(t: (key: string) => string): Option[] {
  // [off, on]: the kit's switch stores these values, so the flag stays the contract's 0/1.
  return [
    { label: t('system.dict.sealedNo'), value: 0 },
    { label: t('system.dict.sealedYes'), value: 1 },
  ];
}

/**
 * What both lists change of the contract's fields: the sort is a whole number, sealed is switched in the list
 * (docs/spec.md §9 widths: 100 parent, 80 child), the remark is a short note on its own line.
 */
function common<Row extends Dict>(
  t: (key: string) => string,
  sealedWidth: number,
  sealedCell: (row: Row) => React.ReactNode,
) {
  const sort: Patch<Row> = { width: 100, min: 0, precision: 0 };
  const isSealed: Patch<Row> = {
    type: 'switch',
    width: sealedWidth,
    align: 'center',
    options: sealedOptions(t),
    render: sealedCell,
  };
  const remark: Patch<Row> = { type: 'textarea', rows: 2, span: 24, hideInList: true };
  return { sort, isSealed, remark };
}

/**
 * The parent list (dictionary headers) of docs/spec.md §2/§3, from the contract's declaration: code and name
 * searchable, sort and remark hidden; a header has no parent and no key (the server gives it -1).
 */
export function parentDictResource(
  api: DictApi,
  t: (key: string) => string,
  sealedCell: (row: Dict) => React.ReactNode,
): ResourceDef<Dict, DictSubmit> {
  const { sort, isSealed, remark } = common<Dict>(t, 100, sealedCell);
  return defineResource(api.entity, {
    name: api.name,
    columns: {
      parentId: false,
      dictKey: false,
      sort: { ...sort, hideInList: true },
      isSealed,
      remark,
    },
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
  const { sort, isSealed, remark } = common<DictChildRow>(t, 80, sealedCell);
  // the rows of this list carry their depth beside the contract's fields
  const entity = api.entity as unknown as EntityManifest<DictChildRow, DictSubmit>;
  return defineResource<DictChildRow, DictSubmit>(entity, {
    name: `${api.name}-item`,
    title: 'system.dict.itemTitle',
    columns: {
      // the items come whole from childList, which takes no order: the declared sorts are the headers' page's
      code: { defaultValue: parent.code, disabled: fixed, search: false, sortable: false },
      parentId: {
        type: 'tree',
        placeholder: 'system.dict.placeholders.parentId',
        options: parentOptions,
        defaultValue: parent.id,
        disabled: fixed,
        hideInList: true,
      },
      dictValue: {
        sortable: false,
        render: (row) => (
          <span data-depth={row.depth} style={{ paddingInlineStart: `${row.depth * 1.25}rem` }}>
            {row.dictValue}
          </span>
        ),
      },
      // required for an item (the contract leaves it optional because a header takes -1)
      dictKey: {
        width: 80,
        sortable: false,
        rules: { required: `${api.entity.i18n}._rules.dictKey`, max: 255 },
      },
      sort: { ...sort, sortable: false },
      isSealed,
      remark,
    },
    order: ['code', 'parentId', 'dictValue', 'dictKey'],
    dialog,
    menuWidth: 300,
  });
}
