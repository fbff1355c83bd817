import type { BladeFlow, Leave } from '@smart/api-sdk';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@smart/ui';
import { useTranslation } from 'react-i18next';

export type LeaveState = 'running' | 'approved' | 'rejected';

/** The end event a finished instance reached is the last history row (server: modules/flow/flow/process-history.ts). */
export function leaveState(history: readonly BladeFlow[] | undefined): LeaveState {
  const last = history?.[history.length - 1]?.historyActivityId;
  return last === 'approved' || last === 'rejected' ? last : 'running';
}

const STATE_KEY: Record<LeaveState, string> = {
  running: 'leave.stateRunning',
  approved: 'leave.stateApproved',
  rejected: 'leave.stateRejected',
};

/** The leave request's fields and the state of its approval. */
export function LeaveSummary({
  leave,
  approverName,
  state,
}: {
  leave: Leave;
  approverName: string;
  state: LeaveState;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('leave.applicant'), leave.flow.assigneeName],
    [t('leave.approver'), approverName || leave.taskUser],
    [t('leave.startTime'), leave.startTime],
    [t('leave.endTime'), leave.endTime],
    [t('leave.reason'), leave.reason],
    [t('leave.applyTime'), leave.applyTime],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t('leave.info')}</CardTitle>
        <Badge
          data-testid="leave-state"
          data-state={state}
          variant={state === 'approved' ? 'success' : state === 'rejected' ? 'destructive' : 'warning'}
        >
          {t(STATE_KEY[state])}
        </Badge>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words whitespace-pre-wrap">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The instance's steps with who, when and the comment (process/history-flow-list). */
export function FlowHistoryTable({ rows }: { rows: readonly BladeFlow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('leave.noHistory')}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="leave-history">
      <thead className="text-muted-foreground">
        <tr>
          <th className="py-1 pr-3 font-medium">{t('leave.step')}</th>
          <th className="py-1 pr-3 font-medium">{t('leave.assignee')}</th>
          <th className="py-1 pr-3 font-medium">{t('leave.time')}</th>
          <th className="py-1 pr-3 font-medium">{t('leave.duration')}</th>
          <th className="py-1 font-medium">{t('leave.comment')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.historyActivityId ?? ''}-${r.taskId ?? ''}-${i}`} className="border-t">
            <td className="py-1 pr-3">{r.historyActivityName}</td>
            <td className="py-1 pr-3">{r.assigneeName}</td>
            <td className="py-1 pr-3">{r.endTime || r.createTime}</td>
            <td className="py-1 pr-3">{r.historyActivityDurationTime}</td>
            <td className="py-1 break-words whitespace-pre-wrap">{r.comment}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The history in its card, under the leave on the handle and detail pages. */
export function FlowHistory({ rows }: { rows: readonly BladeFlow[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('leave.history')}</CardTitle>
      </CardHeader>
      <CardContent>
        <FlowHistoryTable rows={rows} />
      </CardContent>
    </Card>
  );
}
