// The five work lists declared for the CRUD kit (libs/crud/README.md): columns and search after upstream's work pages
// (category, process name, step, version, time), no add / edit / delete / view dialog (the rows open the process's
// own pages instead), no selection (nothing acts on several rows) and no export.
import type { BladeFlow, FlowProcess } from '@smart/api-sdk';
import { defineResource, useOptions, type CrudColumn, type ResourceDef } from '@smart/crud';
import { Badge } from '@smart/ui';

type T = (key: string) => string;

// Row actions: start has one button, the task lists up to three (claim or handle, detail, history).
const MENU_WIDTH = { start: 100, tasks: 240, lists: 180 } as const;

const LIST_ONLY = {
  actions: { add: false, edit: false, delete: false, view: false, batchDelete: false },
  selection: false,
  export: false,
} as const;

/** A version as upstream tags it: `v1`. */
const versionTag = (version: number | undefined) =>
  version === undefined ? null : <Badge variant="outline">v{version}</Badge>;

/**
 * A category by the `flow` dictionary's label in the operator's language (the row's `category` is `flow_<key>`);
 * the server's `categoryName` (Chinese) until the dictionary arrives, or for a key it does not hold.
 */
function CategoryLabel({
  category,
  fallback,
}: {
  category: string | undefined;
  fallback: string | undefined;
}) {
  const options = useOptions('flow', undefined);
  const key = (category ?? '').replace(/^flow_/u, '');
  return <>{options.find((o) => String(o.value) === key)?.label ?? fallback ?? ''}</>;
}

/**
 * The category searched by its key in the `flow` dictionary (the kit's dictionary lookup; the adapter sends it as
 * `flow_<key>`), shown by the row's label. Options from the dictionary, not from the page: a resource that changes
 * once they load would have the kit ask for the list twice.
 */
function categoryColumn<Row extends { category?: string; categoryName?: string }>(
  listed: boolean,
): CrudColumn<Row> {
  return {
    prop: 'category' as CrudColumn<Row>['prop'],
    label: 'work.category',
    placeholder: 'work.placeholders.category',
    type: 'select',
    dict: 'flow',
    search: true,
    width: 120,
    // the task lists name the process already; upstream hides the category there
    listHidden: !listed,
    render: (row) => <CategoryLabel category={row.category} fallback={row.categoryName} />,
  };
}

/** 发起事务: columns of docs/platform-contract.md §3.21 (FlowProcess), searched by category only (the contract's). */
export function startResource(t: T): ResourceDef<FlowProcess> {
  return defineResource<FlowProcess>({
    name: 'work_start',
    title: 'work.startTitle',
    rowKey: 'id',
    columns: [
      {
        prop: 'tenantId',
        label: 'work.tenantId',
        width: 110,
        render: (row) => <Badge variant="secondary">{row.tenantId || t('work.common')}</Badge>,
      },
      categoryColumn<FlowProcess>(true),
      { prop: 'key', label: 'work.key', width: 120 },
      { prop: 'name', label: 'work.processName', minWidth: 140 },
      { prop: 'version', label: 'work.version', width: 90, render: (row) => versionTag(row.version) },
      {
        prop: 'suspensionState',
        label: 'work.suspensionState',
        width: 90,
        render: (row) =>
          row.suspensionState === 1 ? (
            <Badge variant="success">{t('work.active')}</Badge>
          ) : (
            <Badge variant="warning">{t('work.suspended')}</Badge>
          ),
      },
      { prop: 'deploymentTime', label: 'work.deploymentTime', type: 'datetime', width: 170 },
    ],
    menuWidth: MENU_WIDTH.start,
    ...LIST_ONLY,
  });
}

/** Process name, current step, version and the created-time range (`beginDate` / `endDate`) of the task lists. */
function taskColumns(listCategory: boolean): CrudColumn<BladeFlow>[] {
  return [
    categoryColumn<BladeFlow>(listCategory),
    {
      prop: 'processDefinitionName',
      label: 'work.processName',
      placeholder: 'work.placeholders.processDefinitionName',
      search: true,
      minWidth: 140,
    },
    { prop: 'taskName', label: 'work.taskName', width: 140 },
    {
      prop: 'processDefinitionVersion',
      label: 'work.version',
      width: 90,
      render: (row) => versionTag(row.processDefinitionVersion),
    },
    {
      prop: 'createTime',
      label: 'work.createTime',
      type: 'datetime',
      width: 170,
      search: true,
      searchRange: true,
      searchRangeParams: ['beginDate', 'endDate'],
    },
  ];
}

/** The applicant, from the process variables the leave start sets (apps/server/src/modules/flow/flow/leave.ts). */
const applicantColumn: CrudColumn<BladeFlow> = {
  prop: 'variables',
  label: 'work.applicant',
  width: 120,
  render: (row) => {
    const who = row.variables?.['createUser'];
    return typeof who === 'string' ? who : '';
  },
};

/** 待签事务 and 待办事务. */
export function taskResource(name: 'work_claim' | 'work_todo'): ResourceDef<BladeFlow> {
  const columns = taskColumns(false);
  return defineResource<BladeFlow>({
    name,
    title: name === 'work_claim' ? 'work.claimTitle' : 'work.todoTitle',
    rowKey: 'taskId',
    columns: [...columns.slice(0, 3), applicantColumn, ...columns.slice(3)],
    menuWidth: MENU_WIDTH.tasks,
    ...LIST_ONLY,
  });
}

const progress = (row: BladeFlow, t: T) =>
  row.processIsFinished === 'finished' ? (
    <Badge variant="success">{t('work.finished')}</Badge>
  ) : (
    <Badge variant="warning">{t('work.unfinished')}</Badge>
  );

/** 已发事务: the instances the user started, with where each stands (`historyActivityName`) and its progress. */
export function sendResource(t: T): ResourceDef<BladeFlow> {
  const [category, name, , version, created] = taskColumns(true);
  return defineResource<BladeFlow>({
    name: 'work_send',
    title: 'work.sendTitle',
    rowKey: 'processInstanceId',
    columns: [
      category!,
      name!,
      // the step reached: the open task's name, or the end event of a finished instance (审批通过 / 已驳回)
      { prop: 'historyActivityName', label: 'work.taskName', width: 140 },
      version!,
      { prop: 'processIsFinished', label: 'work.progress', width: 100, render: (row) => progress(row, t) },
      { ...created!, label: 'work.applyTime' },
      { prop: 'endTime', label: 'work.endTime', type: 'datetime', width: 170 },
    ],
    menuWidth: MENU_WIDTH.lists,
    ...LIST_ONLY,
  });
}

/** 办结事务: the tasks the user completed, with the comment given and when. */
export function doneResource(t: T): ResourceDef<BladeFlow> {
  const columns = taskColumns(true);
  return defineResource<BladeFlow>({
    name: 'work_done',
    title: 'work.doneTitle',
    rowKey: 'taskId',
    columns: [
      ...columns.slice(0, 4),
      applicantColumn,
      { prop: 'comment', label: 'work.comment', minWidth: 140 },
      { prop: 'processIsFinished', label: 'work.progress', width: 100, render: (row) => progress(row, t) },
      { ...columns[4]!, label: 'work.receiveTime' },
      { prop: 'historyTaskEndTime', label: 'work.doneTime', type: 'datetime', width: 170 },
    ],
    menuWidth: MENU_WIDTH.lists,
    ...LIST_ONLY,
  });
}
