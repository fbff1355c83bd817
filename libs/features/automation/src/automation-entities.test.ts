// The feature's table against the contract: every task and run page it extends exists, and every link it makes
// names a menu page and a filter the contract declares.
import { allEntities } from '@smart/api-sdk/entities';
import { entityPages } from '@smart/api-sdk/entity-pages';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { describe, expect, it } from 'vitest';
import { listLink, RUN_KINDS, TASK_KINDS } from './automation-entities';
import { feature } from './index';
import { COUNTS_COLUMN, runMonitorExtension } from './monitor/monitor-extension';
import {
  COMMENT_LIBRARY_ENTITIES,
  COMMENT_LOG_ENTITIES,
  POOL_ENTITIES,
  PUBLISH_ITEM_ENTITIES,
  RUN_ENTITIES,
  STRATEGY_ENTITIES,
  TASK_ENTITIES,
} from './names';
import { actionButtons } from '@smart/crud';
import { POOL_KINDS } from './pool/pool-entities';
import { taskExtension } from './task/task-extension';

const byName = new Map((allEntities as readonly EntityManifest[]).map((e) => [e.name, e]));
const pagePaths = new Set(Object.keys(entityPages));

describe('the automation table', () => {
  it('extends the page of every task definition, run log group, target pool, comment log, publish item list, the comment library and the control strategies, and nothing else', () => {
    const extended = [
      ...TASK_ENTITIES,
      ...RUN_ENTITIES,
      ...POOL_ENTITIES,
      ...COMMENT_LOG_ENTITIES,
      ...COMMENT_LIBRARY_ENTITIES,
      ...PUBLISH_ITEM_ENTITIES,
      ...STRATEGY_ENTITIES,
    ];
    expect(Object.keys(feature.entityExtensions).sort()).toEqual(extended.sort());
    for (const name of extended) {
      const path = byName.get(name)?.menu?.path;
      expect(path && pagePaths.has(path), name).toBe(true);
    }
    expect(Object.keys(TASK_KINDS)).toEqual([...TASK_ENTITIES]);
    expect(Object.keys(RUN_KINDS)).toEqual([...RUN_ENTITIES]);
    expect(Object.keys(POOL_KINDS)).toEqual([...POOL_ENTITIES]);
  });

  it("calls a pool's actions the contract declares, each behind a button of the pool's page", () => {
    for (const kind of Object.values(POOL_KINDS)) {
      const ops = [kind.enable.op, kind.import.op, ...(kind.empty ? [kind.empty.op] : [])];
      expect(Object.keys(kind.entity.actions ?? {}).sort(), kind.name).toEqual(ops.sort());
      for (const op of ops)
        expect(actionButtons(kind.entity, op), op).toEqual([
          expect.stringMatching(new RegExp(`^${kind.name}_(add|edit|delete)$`)),
        ]);
    }
  });

  it("links a task to its runs with the contract's filter", () => {
    expect(listLink(TASK_KINDS.dy_comm.runs, '4001')).toBe('/dy/dy_comm_log_group?commId_equal=4001');
    expect(listLink(TASK_KINDS.xsh_browse.runs, '7')).toBe('/xhs/xsh_browe_log_group?browseId_equal=7');
    expect(listLink(TASK_KINDS.dy_publish.runs, '9')).toBe('/dy/dy_publish_task?publishId_equal=9');
    for (const kind of Object.values(TASK_KINDS)) {
      expect(listLink(kind.runs, '1'), kind.name).toMatch(/^\/[a-z]+\/[a-z_]+\?[A-Za-z]+_equal=1$/);
      expect(kind.entity.name).toBe(kind.name);
      expect(kind.entity.buttons.edit).toBe(`${kind.name}_edit`);
    }
  });

  it("links a run to its action logs with the contract's filter", () => {
    expect(listLink(RUN_KINDS.dy_comm_log_group.logs, '5002')).toBe('/dy/dy_comm_log?groupId_equal=5002');
    // the xhs publish steps name the run's Yingdao job
    expect(listLink(RUN_KINDS.xhs_publish_log_group.logs, 'job-1')).toBe(
      '/xhs/xhs_publish_log?jobUuid=job-1',
    );
    for (const kind of Object.values(RUN_KINDS)) expect(listLink(kind.logs, '1'), kind.name).toBeDefined();
  });

  it('lists on the monitor only fields every run log group has, and on the task pages every task field', () => {
    for (const name of RUN_ENTITIES) {
      const fields = byName.get(name)!.fields.map((f) => f.name);
      const listed = runMonitorExtension(RUN_KINDS[name]).listColumns!.filter((c) => c !== COUNTS_COLUMN);
      expect(
        listed.filter((c) => !fields.includes(c)),
        name,
      ).toEqual([]);
      for (const count of ['plannedCount', 'successCount', 'failCount', 'skipCount', 'runStatus']) {
        expect(fields, name).toContain(count);
      }
    }
    for (const name of TASK_ENTITIES) {
      const fields = byName.get(name)!.fields.map((f) => f.name);
      expect(
        taskExtension(TASK_KINDS[name]).listColumns!.filter((c) => !fields.includes(c)),
        name,
      ).toEqual([]);
    }
  });

  it('gives no link without a value', () => {
    expect(listLink(RUN_KINDS.xhs_publish_log_group.logs, '')).toBeUndefined();
  });
});
