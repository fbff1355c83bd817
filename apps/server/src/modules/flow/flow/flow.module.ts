/**
 * Workflow (docs/platform-contract.md §3.21) and the leave process (§3.22) on a small engine in the database
 * (db/schema-flow.ts) instead of Flowable. Every row is tenant-owned: another tenant's ids are "not found".
 *
 * The leave process `Leave` (seeded as `Leave:1:4`, a common process; ./leave-process.ts):
 *
 *   start ──▶ approve (审批) ──pass──▶ end `approved` (审批通过)
 *                          └─reject─▶ end `rejected` (已驳回)
 *
 * - start-process saves the leave row and an instance whose first task `approve` is offered to the named approver
 *   (`taskUser`) as a candidate: it is on the approver's claim list until claimed, then on the approver's to-do
 *   list (docs/spec.md §4 "claim, then complete"). A task may also be offered to a role (`candidate_role`); the claim
 *   list shows it to every member of that role, and the first claim wins.
 * - complete-task only accepts an open task assigned to the caller. `pass` is true when `flag` is `ok` or the
 *   comment is `同意` (as upstream, computed on the comment as sent); the stored comment defaults to `同意`.
 *   Approving ends the instance `approved`, rejecting ends it `rejected`: a rejected request is not reworked,
 *   the applicant starts a new one.
 * - history-flow-list: the start event, every task (an open one without end time) and the end event reached.
 *
 * The parts: ./work-lists.ts, ./task-actions.ts (claim, complete), ./process-history.ts, ./leave.ts (start-process,
 * detail); what they share is in ./flow-view.ts and ./flow-queries.ts.
 */
import type { Db } from '../../../db/index';
import { leaveHandlers } from './leave';
import { processHistoryHandlers } from './process-history';
import { taskActionHandlers } from './task-actions';
import { workListHandlers } from './work-lists';

export function flowHandlers(db: Db) {
  return {
    ...workListHandlers(db),
    ...taskActionHandlers(db),
    ...processHistoryHandlers(db),
    ...leaveHandlers(db),
  };
}
