/** The definition of the leave process `Leave` (seeded by src/db/seed-flow.ts): its ids, steps and pass comment. */

export const LEAVE_PROCESS_ID = 'Leave:1:4';
export const LEAVE_TABLE = 'blade_process_leave';
export const LEAVE_KEY = 'Leave';

/** The steps of the leave process: activity id → name. */
export const START = { id: 'start', name: '开始' };
export const APPROVE = { key: 'approve', name: '审批' };
export const END: Record<string, string> = { approved: '审批通过', rejected: '已驳回' };

/** The comment that approves (and the stored comment when none is sent). */
export const PASS_COMMENT = '同意';
