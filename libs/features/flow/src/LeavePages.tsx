import {
  getProcessHistoryFlowListQueryKey,
  getWorkClaimListQueryKey,
  useLeaveDetail,
  useProcessHistoryFlowList,
  useWorkClaimList,
  workClaimTask,
  workCompleteTask,
  type BladeFlow,
} from '@smart/api-sdk';
import { useSession } from '@smart/auth';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Label,
  Skeleton,
  Textarea,
  toast,
  useBusyAction,
} from '@smart/ui';
import { useQueryClient } from '@tanstack/react-query';
import { FileX2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LeaveForm } from './LeaveForm';
import { FlowHistory, LeaveSummary, leaveState } from './LeaveInfo';
import { createdWithin } from './claim-window';
import { leaveDetailPath, type LeaveRoute } from './leave-routes';
import { workChanged } from './work-version';

/** The approval step's assignee (the approver once the task is claimed). */
const approverOf = (history: readonly BladeFlow[]) =>
  history.find((r) => r.historyActivityId === 'approve')?.assigneeName ?? '';

/** Leave request and its history, shared by the handle and detail pages. */
function useLeave(processInstanceId: string, businessId: string) {
  const leave = useLeaveDetail({ businessId });
  const history = useProcessHistoryFlowList({ processInstanceId });
  return { leave, history };
}

/** Where a page whose leave cannot be read sends the user back to: the list it was most likely opened from. */
const BACK = {
  handle: { path: '/work/todo', label: 'leave.backToTodo' },
  detail: { path: '/work/send', label: 'leave.backToSend' },
} as const;

function LeaveBody({
  processInstanceId,
  businessId,
  page,
  children,
}: {
  processInstanceId: string;
  businessId: string;
  page: keyof typeof BACK;
  children?: (history: readonly BladeFlow[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { leave, history } = useLeave(processInstanceId, businessId);
  if (leave.isPending || history.isPending) return <Skeleton className="h-48 w-full max-w-3xl" />;
  if (!leave.data || !history.data) {
    // An id that does not exist (or another tenant's) answers 400: the HTTP layer toasts the server's message, and
    // the page says what happened and where to go instead of leaving the tab empty.
    const reasons = [...new Set([leave.error?.message, history.error?.message])].filter(Boolean);
    const back = BACK[page];
    return (
      <EmptyState
        data-testid="leave-unavailable"
        className="max-w-3xl rounded-md border border-dashed"
        icon={<FileX2 strokeWidth={1.25} />}
        title={<span className="text-base text-foreground">{t('leave.unavailable')}</span>}
        description={
          <>
            {reasons.length > 0 ? <span className="block">{reasons.join(' · ')}</span> : null}
            <span className="block">{t('leave.unavailableHint')}</span>
          </>
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="outline"
              onClick={() => {
                void leave.refetch();
                void history.refetch();
              }}
            >
              {t('leave.retry')}
            </Button>
            <Button variant="primary" onClick={() => void navigate(back.path)}>
              {t(back.label)}
            </Button>
          </div>
        }
      />
    );
  }
  const rows = history.data;
  return (
    <div className="grid max-w-3xl gap-3">
      <LeaveSummary leave={leave.data} approverName={approverOf(rows)} state={leaveState(rows)} />
      {children?.(rows)}
      <FlowHistory rows={rows} />
    </div>
  );
}

/** `/work/process/leave/detail/{processInstanceId}/{businessId}`: read-only leave and its history. */
export function LeaveDetail({
  processInstanceId,
  businessId,
}: {
  processInstanceId: string;
  businessId: string;
}) {
  return <LeaveBody processInstanceId={processInstanceId} businessId={businessId} page="detail" />;
}

/** Claim (when still a candidate task), then approve or reject with a comment (work/complete-task). */
function Decision({
  taskId,
  processInstanceId,
  businessId,
  history,
}: {
  taskId: string;
  processInstanceId: string;
  businessId: string;
  history: readonly BladeFlow[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useSession((s) => String(s.userInfo?.user_id ?? ''));
  const task = history.find((r) => r.taskId === taskId);
  const open = task !== undefined && task.endTime === '';
  const mine = open && task.assignee === `taskUser_${me}`;
  // Is the open task on my claim list? Asked only while it is not mine (claim-window.ts).
  const claimList = useWorkClaimList(createdWithin(task?.createTime ?? ''), {
    query: { enabled: open && !mine },
  });
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();

  const refresh = () => {
    workChanged();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: getProcessHistoryFlowListQueryKey({ processInstanceId }) }),
      queryClient.invalidateQueries({ queryKey: getWorkClaimListQueryKey() }),
    ]);
  };

  // A refusal: the HTTP layer showed why. The toasts are the actions' own: they come before the lists read again,
  // and the buttons stay busy until they have.
  const claiming = useBusyAction(async () => {
    await workClaimTask({ taskId });
    toast.success(t('leave.claimed'));
    await refresh();
  });
  const completing = useBusyAction(
    async (pass: boolean, text: string) => {
      await workCompleteTask({
        taskId,
        processInstanceId,
        flag: pass ? 'ok' : '',
        // without a comment the server stores its default (同意)
        ...(text ? { comment: text } : {}),
      });
      toast.success(t('leave.completed'));
      await refresh();
    },
    { onDone: () => void navigate(leaveDetailPath(processInstanceId, businessId)) },
  );
  const busy = claiming.busy || completing.busy;

  const claimable = open && (claimList.data?.records ?? []).some((r) => r.taskId === taskId);
  if (!mine && !claimable) return null;

  const complete = (pass: boolean) => {
    const text = comment.trim();
    if (!pass && !text) {
      setError(t('leave.rejectNeedsComment'));
      return;
    }
    void completing.run(pass, text);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('leave.handleTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {mine ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-comment`}>{t('leave.comment')}</Label>
              <Textarea
                id={`${id}-comment`}
                rows={3}
                maxLength={2000}
                placeholder={t('leave.commentPlaceholder')}
                value={comment}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setComment(e.target.value);
                  setError(undefined);
                }}
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="flex gap-2">
              <Button variant="primary" loading={busy} onClick={() => complete(true)}>
                {t('leave.approve')}
              </Button>
              <Button variant="destructive" disabled={busy} onClick={() => complete(false)}>
                {t('leave.reject')}
              </Button>
            </div>
          </>
        ) : (
          <div className="flex items-center gap-3">
            <p className="text-sm text-muted-foreground">{t('leave.claimFirst')}</p>
            <Button variant="primary" loading={busy} onClick={() => void claiming.run()}>
              {t('leave.claim')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** `/work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}`: the leave, its history and the decision. */
export function LeaveHandle({
  taskId,
  processInstanceId,
  businessId,
}: {
  taskId: string;
  processInstanceId: string;
  businessId: string;
}) {
  return (
    <LeaveBody processInstanceId={processInstanceId} businessId={businessId} page="handle">
      {(history) => (
        <Decision
          taskId={taskId}
          processInstanceId={processInstanceId}
          businessId={businessId}
          history={history}
        />
      )}
    </LeaveBody>
  );
}

/** The leave page of a parsed route (index.ts binds it to the tab's path). */
export function LeavePage({ route }: { route: LeaveRoute }) {
  if (route.page === 'form') return <LeaveForm processDefinitionId={route.processDefinitionId} />;
  if (route.page === 'handle') return <LeaveHandle {...route} />;
  return <LeaveDetail {...route} />;
}
