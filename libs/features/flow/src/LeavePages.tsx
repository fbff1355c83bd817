import {
  getProcessHistoryFlowListQueryKey,
  getWorkClaimListQueryKey,
  getWorkTodoListQueryKey,
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
  Label,
  Skeleton,
  Textarea,
  toast,
} from '@smart/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LeaveForm } from './LeaveForm';
import { FlowHistory, LeaveSummary, leaveState } from './LeaveInfo';
import { leaveDetailPath, type LeaveRoute } from './leave-routes';

/** The approval step's assignee (the approver once the task is claimed). */
const approverOf = (history: readonly BladeFlow[]) =>
  history.find((r) => r.historyActivityId === 'approve')?.assigneeName ?? '';

/** Leave request and its history, shared by the handle and detail pages. */
function useLeave(processInstanceId: string, businessId: string) {
  const leave = useLeaveDetail({ businessId });
  const history = useProcessHistoryFlowList({ processInstanceId });
  return { leave, history };
}

function LeaveBody({
  processInstanceId,
  businessId,
  children,
}: {
  processInstanceId: string;
  businessId: string;
  children?: (history: readonly BladeFlow[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { leave, history } = useLeave(processInstanceId, businessId);
  if (leave.isPending || history.isPending) return <Skeleton className="h-48 w-full max-w-3xl" />;
  if (!leave.data || !history.data)
    return <p className="text-sm text-destructive">{t('leave.loadFailed')}</p>;
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
  return <LeaveBody processInstanceId={processInstanceId} businessId={businessId} />;
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
  const claimList = useWorkClaimList({});
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const task = history.find((r) => r.taskId === taskId);
  const open = task !== undefined && task.endTime === '';
  const mine = open && task.assignee === `taskUser_${me}`;
  const claimable = open && (claimList.data?.records ?? []).some((r) => r.taskId === taskId);
  if (!mine && !claimable) return null;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getProcessHistoryFlowListQueryKey({ processInstanceId }) }),
      queryClient.invalidateQueries({ queryKey: getWorkClaimListQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getWorkTodoListQueryKey() }),
    ]);

  const claim = async () => {
    setBusy(true);
    try {
      await workClaimTask({ taskId });
      toast.success(t('leave.claimed'));
      await refresh();
    } catch {
      // the HTTP layer showed why
    } finally {
      setBusy(false);
    }
  };

  const complete = async (pass: boolean) => {
    const text = comment.trim();
    if (!pass && !text) {
      setError(t('leave.rejectNeedsComment'));
      return;
    }
    setBusy(true);
    try {
      await workCompleteTask({
        taskId,
        processInstanceId,
        flag: pass ? 'ok' : '',
        // without a comment the server stores its default (同意)
        ...(text ? { comment: text } : {}),
      });
      toast.success(t('leave.completed'));
      await refresh();
      void navigate(leaveDetailPath(processInstanceId, businessId));
    } catch {
      // the HTTP layer showed why
    } finally {
      setBusy(false);
    }
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
              <Button variant="primary" loading={busy} onClick={() => void complete(true)}>
                {t('leave.approve')}
              </Button>
              <Button variant="destructive" disabled={busy} onClick={() => void complete(false)}>
                {t('leave.reject')}
              </Button>
            </div>
          </>
        ) : (
          <div className="flex items-center gap-3">
            <p className="text-sm text-muted-foreground">{t('leave.claimFirst')}</p>
            <Button variant="primary" loading={busy} onClick={() => void claim()}>
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
    <LeaveBody processInstanceId={processInstanceId} businessId={businessId}>
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
