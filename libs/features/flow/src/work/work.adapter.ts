// The five work lists through the SDK (openapi/paths/smart-flow/work.yaml). They are read-only: the CRUD kit's
// add, edit and delete never show on these pages, so those adapter methods only refuse.
import {
  workClaimList,
  workDoneList,
  workSendList,
  workStartList,
  workTodoList,
  type BladeFlow,
  type FlowProcess,
  type WorkClaimListParams,
} from '@smart/api-sdk';
import type { CrudAdapter, CrudListParams } from '@smart/crud';
import { flowCategory } from './flow-categories';

const readOnly = () => Promise.reject(new Error('the work lists are read-only'));

const text = (v: string | number | boolean | undefined) =>
  v === undefined || v === '' ? undefined : String(v);

/**
 * The search bar's values as the task lists' parameters: the category's dictionary key goes out as `flow_<key>`,
 * the date range as `beginDate` / `endDate` (the created-time column's range, work.resource.tsx).
 */
export function taskListParams(p: CrudListParams): WorkClaimListParams {
  const category = text(p['category']);
  return {
    current: p.current,
    size: p.size,
    category: category === undefined ? undefined : flowCategory(category),
    processDefinitionName: text(p['processDefinitionName']),
    beginDate: text(p['beginDate']),
    endDate: text(p['endDate']),
  };
}

function listAdapter<Row>(
  list: (p: CrudListParams) => Promise<{ records: Row[]; total: number }>,
): CrudAdapter<Row> {
  return {
    async list(params) {
      const page = await list(params);
      return { records: page.records, total: page.total };
    },
    create: readOnly,
    update: readOnly,
    remove: readOnly,
  };
}

/** 发起事务: the active process definitions, `mode` 1 the common ones, 2 the tenant's own (the page's switch). */
export const startAdapter = listAdapter<FlowProcess>((p) => {
  const category = text(p['category']);
  return workStartList({
    current: p.current,
    size: p.size,
    category: category === undefined ? undefined : flowCategory(category),
    mode: String(p['mode']) === '2' ? 2 : 1,
  });
});

export const claimAdapter = listAdapter<BladeFlow>((p) => workClaimList(taskListParams(p)));
export const todoAdapter = listAdapter<BladeFlow>((p) => workTodoList(taskListParams(p)));
export const sendAdapter = listAdapter<BladeFlow>((p) => workSendList(taskListParams(p)));
export const doneAdapter = listAdapter<BladeFlow>((p) => workDoneList(taskListParams(p)));
