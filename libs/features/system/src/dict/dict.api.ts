import {
  dictBizChildList,
  dictBizDetail,
  dictBizParentList,
  dictBizRemove,
  dictBizSubmit,
  dictBizTree,
  dictChildList,
  dictDetail,
  dictParentList,
  dictRemove,
  dictSubmit,
  dictTree,
  type Dict,
  type DictChildListParams,
  type DictParentListParams,
  type DictSubmit,
  type TreeNode,
} from '@smart/api-sdk';
import { dictBizEntity, dictEntity } from '@smart/api-sdk/entities';
import type { EntityManifest } from '@smart/api-sdk/manifest';

/**
 * The operations a dictionary page needs. The system (`dict`) and business (`dict-biz`) dictionaries share one
 * contract (docs/platform-contract.md §4.5), so one page serves both through this seam.
 */
export interface DictApi {
  /** Name of the permission codes and table preferences: `dict` or `dictbiz`. */
  name: 'dict' | 'dictbiz';
  /** Catalogue key of the page title. */
  title: string;
  /**
   * The contract's declaration (labels, rules, filters, buttons). The business dictionaries' rows add the tenant,
   * which these pages never show, so both serve as the system dictionary's shape.
   */
  entity: EntityManifest<Dict, DictSubmit>;
  parentList(params: DictParentListParams): Promise<{ records: Dict[]; total: number }>;
  childList(params: DictChildListParams): Promise<Dict[]>;
  detail(id: string): Promise<Dict>;
  submit(body: DictSubmit): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
  tree(): Promise<TreeNode[]>;
}

export const systemDictApi: DictApi = {
  name: 'dict',
  title: `${dictEntity.i18n}._title`,
  entity: dictEntity as unknown as EntityManifest<Dict, DictSubmit>,
  parentList: (params) => dictParentList(params),
  childList: (params) => dictChildList(params),
  detail: (id) => dictDetail({ id }),
  submit: (body) => dictSubmit(body),
  remove: (ids) => dictRemove({ ids: ids.join(',') }),
  // The older console sends code=DICT; the server ignores it (docs/platform-contract.md §4.5).
  tree: () => dictTree({ code: 'DICT' }),
};

export const bizDictApi: DictApi = {
  name: 'dictbiz',
  title: `${dictBizEntity.i18n}._title`,
  entity: dictBizEntity as unknown as EntityManifest<Dict, DictSubmit>,
  parentList: (params) => dictBizParentList(params),
  childList: (params) => dictBizChildList(params),
  detail: (id) => dictBizDetail({ id }),
  submit: (body) => dictBizSubmit(body),
  remove: (ids) => dictBizRemove({ ids: ids.join(',') }),
  tree: () => dictBizTree({ code: 'DICT' }),
};
