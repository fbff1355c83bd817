/**
 * The rows the workflow answers (contract `BladeFlow`): the shape with its empty defaults, the fields of a process
 * and of an instance, the task's assignee and a duration as upstream writes them, and one page of a list.
 */
import type { flowInstance, flowProcess, flowTask, processLeave } from '../../../db/schema';

export type ProcessRow = typeof flowProcess.$inferSelect;
export type InstanceRow = typeof flowInstance.$inferSelect;
export type TaskRow = typeof flowTask.$inferSelect;
export type LeaveRow = typeof processLeave.$inferSelect;

/** One BladeFlow row: fields a list does not fill are empty strings (the console tests `!== ''`). */
export function bladeFlow(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    taskId: '',
    taskName: '',
    taskDefinitionKey: '',
    assignee: '',
    assigneeName: '',
    category: '',
    categoryName: '',
    createTime: '',
    endTime: '',
    claimTime: '',
    historyTaskEndTime: '',
    executionId: '',
    processInstanceId: '',
    processDefinitionId: '',
    processDefinitionKey: '',
    processDefinitionName: '',
    processDefinitionVersion: 0,
    processDefinitionDesc: '',
    processDefinitionDiagramResName: '',
    processDefinitionResName: '',
    historyProcessInstanceId: '',
    processIsFinished: '',
    historyActivityId: '',
    historyActivityName: '',
    historyActivityDurationTime: '',
    businessTable: '',
    businessId: '',
    status: '',
    comment: '',
    flag: '',
    ...fields,
  };
}

export const assigneeOf = (userId: bigint | null) => (userId === null ? '' : `taskUser_${userId}`);

/** `1天2小时3分钟4秒`, the largest units only as far as they are non-zero. */
export function formatDuration(ms: number): string {
  let s = Math.max(0, Math.floor(ms / 1000));
  const parts: string[] = [];
  for (const [unit, label] of [
    [86400, '天'],
    [3600, '小时'],
    [60, '分钟'],
  ] as const) {
    const n = Math.floor(s / unit);
    s -= n * unit;
    if (n > 0) parts.push(`${n}${label}`);
  }
  if (s > 0 || parts.length === 0) parts.push(`${s}秒`);
  return parts.join('');
}

export const processFields = (p: ProcessRow, cats: Map<string, string>) => ({
  category: p.category,
  categoryName: cats.get(p.category) ?? '',
  processDefinitionId: p.id,
  processDefinitionKey: p.key,
  processDefinitionName: p.name,
  processDefinitionVersion: p.version,
  processDefinitionDiagramResName: p.diagramResourceName,
  processDefinitionResName: p.resourceName,
});

export const instanceFields = (i: InstanceRow) => ({
  processInstanceId: i.id.toString(),
  historyProcessInstanceId: i.id.toString(),
  executionId: i.id.toString(),
  businessTable: i.businessTable,
  businessId: i.businessId.toString(),
  processIsFinished: i.endTime ? 'finished' : 'unfinished',
  variables: i.variables,
});

export function page<T>(records: T[], total: number, current: number, size: number) {
  return { total, size, current, pages: Math.ceil(total / size), records };
}
