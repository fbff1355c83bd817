/**
 * Workflow tables (docs/platform-contract.md §3.21, §3.22): a small engine for the leave process instead of Flowable.
 *
 * - `smart_flow_process`: deployed process definitions; an empty `tenant_id` marks a common process (start-list
 *   mode 1), otherwise the tenant's own (mode 2). Seeded with the leave process `Leave:1:4`.
 * - `smart_flow_instance`: one started process, pointing at its business row (`business_table`/`business_id`);
 *   `outcome` is '' while running, then the id of the end event reached (`approved` / `rejected`).
 * - `smart_flow_task`: user tasks. A task is offered to a candidate user or role until claimed (`assignee` null),
 *   then assigned; `end_time` set means completed, with the assignee's comment and decision (`pass`).
 * - `smart_process_leave`: the leave request (tenant-owned business row; the applicant is `create_user`).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns';

export const flowProcess = pgTable('smart_flow_process', {
  id: varchar('id', { length: 64 }).primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull().default(''),
  name: varchar('name', { length: 255 }).notNull(),
  key: varchar('key', { length: 255 }).notNull(),
  category: varchar('category', { length: 64 }).notNull(),
  version: integer('version').notNull().default(1),
  deploymentId: varchar('deployment_id', { length: 64 }).notNull().default(''),
  resourceName: varchar('resource_name', { length: 255 }).notNull().default(''),
  diagramResourceName: varchar('diagram_resource_name', { length: 255 }).notNull().default(''),
  /** 1 active, 2 suspended. */
  suspensionState: integer('suspension_state').notNull().default(1),
  deploymentTime: ts('deployment_time').notNull().defaultNow(),
});

export const flowInstance = pgTable(
  'smart_flow_instance',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    processDefinitionId: varchar('process_definition_id', { length: 64 }).notNull(),
    businessTable: varchar('business_table', { length: 64 }).notNull(),
    businessId: bigint('business_id', { mode: 'bigint' }).notNull(),
    startUser: bigint('start_user', { mode: 'bigint' }).notNull(),
    startTime: ts('start_time').notNull().defaultNow(),
    endTime: ts('end_time'),
    outcome: varchar('outcome', { length: 16 }).notNull().default(''),
    variables: jsonb('variables').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('smart_flow_instance_starter_idx').on(t.tenantId, t.startUser)],
);

export const flowTask = pgTable(
  'smart_flow_task',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    instanceId: bigint('instance_id', { mode: 'bigint' }).notNull(),
    taskKey: varchar('task_key', { length: 64 }).notNull(),
    taskName: varchar('task_name', { length: 255 }).notNull(),
    assignee: bigint('assignee', { mode: 'bigint' }),
    candidateUser: bigint('candidate_user', { mode: 'bigint' }),
    candidateRole: bigint('candidate_role', { mode: 'bigint' }),
    createTime: ts('create_time').notNull().defaultNow(),
    claimTime: ts('claim_time'),
    endTime: ts('end_time'),
    comment: varchar('comment', { length: 2000 }).notNull().default(''),
    pass: boolean('pass'),
  },
  (t) => [
    index('smart_flow_task_instance_idx').on(t.instanceId),
    index('smart_flow_task_open_idx')
      .on(t.tenantId, t.assignee)
      .where(sql`end_time is null`),
  ],
);

export const processLeave = pgTable(
  'smart_process_leave',
  {
    id: id(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    processDefinitionId: varchar('process_definition_id', { length: 64 }).notNull(),
    processInstanceId: varchar('process_instance_id', { length: 64 }).notNull().default(''),
    taskUser: bigint('task_user', { mode: 'bigint' }).notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    reason: varchar('reason', { length: 255 }).notNull(),
    applyTime: ts('apply_time').notNull().defaultNow(),
    ...audit(),
  },
  (t) => [index('smart_process_leave_tenant_idx').on(t.tenantId, t.createTime)],
);
