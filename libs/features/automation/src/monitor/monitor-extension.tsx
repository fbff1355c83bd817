import type { EntityPageExtension } from '@smart/crud';
import type { RunKind } from '../automation-entities';
import { ActionLogsLink } from './ActionLogsLink';
import { monitorRefetch } from './run-status';
import { RunActions } from './RunActions';
import { RunCounts } from './RunCounts';
import { RunStatusBadge } from './RunStatusBadge';

/** The list-only column of the counts (`27 / 2 / 1`), listed where the four count fields would be. */
export const COUNTS_COLUMN = 'counts';

/**
 * A run log group's generic page as a run monitor (libs/crud entity-extension.ts): what an operator follows at first
 * (task, unit, trigger, state, counts, power, times, error), the state as a badge, the counts in one cell, each run's
 * action logs a click away, "停止" on a run in progress and "重试" on one that failed, and the rows asked again every
 * 2 s while one on screen is in progress. The kit's search, paging, sorting, view dialog and export stay as they are.
 */
export function runMonitorExtension(kind: RunKind): EntityPageExtension {
  return {
    listColumns: [
      'taskName',
      'robotAccount',
      'triggerType',
      'runStatus',
      COUNTS_COLUMN,
      'powerCost',
      'triggerTime',
      'durationSec',
      'errorMsg',
    ],
    columns: {
      runStatus: { render: (row) => <RunStatusBadge status={String(row['runStatus'] ?? '')} /> },
    },
    extra: [
      {
        prop: COUNTS_COLUMN,
        label: 'automation.monitor.counts',
        hideInForm: true,
        exportable: false,
        align: 'center',
        render: (row) => <RunCounts row={row} />,
      },
    ],
    rowActions: (row, page) => (
      <>
        <RunActions kind={kind} row={row} onChanged={page.reload} />
        <ActionLogsLink kind={kind} row={row} />
      </>
    ),
    menuWidth: 340,
    // the engine writes the runs; the page's edit button guards stop and retry, not a form
    readOnly: true,
    refetchInterval: monitorRefetch,
  };
}
