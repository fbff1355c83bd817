import type { EntityPageExtension } from '@smart/crud';
import type { TaskKind } from '../automation-entities';
import { RunStatusBadge } from '../monitor/RunStatusBadge';
import { LiveLinkButton } from './LiveLinkButton';
import { TaskActions } from './TaskActions';

/**
 * A task definition's generic page with its schedule and manual run (libs/crud entity-extension.ts): "定时设置" and
 * "立即执行" on each row, and the engine's read-only schedule fields (next and last run, last run state as a badge)
 * listed beside the task's name, cron and switch; the rest of the list, the form and the search stay the contract's.
 */
export function taskExtension(kind: TaskKind): EntityPageExtension {
  return {
    listColumns: [
      'taskName',
      // a live task is told apart by its room
      ...(kind.name === 'dy_live' ? ['anchorName', 'webRid'] : []),
      'cron',
      'nextRunTime',
      'lastRunTime',
      'lastRunStatus',
      'status',
    ],
    columns: {
      nextRunTime: {},
      lastRunTime: {},
      lastRunStatus: { render: (row) => <RunStatusBadge status={String(row['lastRunStatus'] ?? '')} /> },
    },
    rowActions: (row, page) => (
      <>
        <TaskActions
          kind={kind}
          task={{
            id: String(row['id']),
            taskName: String(row['taskName'] ?? ''),
            cron: String(row['cron'] ?? ''),
          }}
          onChanged={page.reload}
        />
        {/* a live task's share link is followed to its room before the robots go there */}
        {kind.name === 'dy_live' ? (
          <LiveLinkButton
            task={{ id: String(row['id']), liveUrl: String(row['liveUrl'] ?? '') }}
            onChanged={page.reload}
          />
        ) : null}
      </>
    ),
    menuWidth: 420,
  };
}
