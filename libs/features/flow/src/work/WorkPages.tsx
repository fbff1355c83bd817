// The five "我的事务" pages (menu work_start … work_done, apps/server/src/db/seed-menus.ts): CRUD-kit lists of the
// work operations whose rows open the process's own pages (the leave form, handle and detail pages) and show the
// instance's history. Upstream's 流程图 / 跟踪 (a diagram image) has no operation in the contract; the history
// dialog (process/history-flow-list) takes its place.
import { useProcessHistoryFlowList, workClaimTask, type BladeFlow } from '@smart/api-sdk';
import { CrudPage, type CrudAdapter, type ResourceDef } from '@smart/crud';
import { Button, EmptyState, RadioGroup, SimpleDialog, Skeleton, useBusyAction, useConfirm } from '@smart/ui';
import { FileText, Hand, History, PenLine, Play, type LucideIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlowHistoryTable } from '../LeaveInfo';
import { useWorkVersion, workChanged } from '../work-version';
import { useFlowCategories } from './flow-categories';
import { claimAdapter, doneAdapter, sendAdapter, startAdapter, todoAdapter } from './work.adapter';
import { doneResource, sendResource, startResource, taskResource } from './work.resource';

function RowAction({
  icon: Icon,
  action,
  label,
  onClick,
  disabled,
}: {
  icon: LucideIcon;
  action: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button variant="link" size="xs" data-action={action} onClick={onClick} disabled={disabled}>
      <Icon aria-hidden />
      {label}
    </Button>
  );
}

/** The steps of a row's instance, in a dialog. */
function HistoryDialog({ row, onClose }: { row: BladeFlow; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useProcessHistoryFlowList({ processInstanceId: row.processInstanceId ?? '' });
  return (
    <SimpleDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('work.history')}
      description={row.processDefinitionName}
      width={760}
    >
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.data ? (
        <FlowHistoryTable rows={history.data} />
      ) : (
        // the HTTP layer toasted the reason; the dialog says plainly that there is nothing to show
        <EmptyState title={t('work.historyFailed')} description={history.error?.message} />
      )}
    </SimpleDialog>
  );
}

/** What every task list shares: the categories, the detail and history actions, the history dialog. */
function useWorkRows() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useFlowCategories();
  const [historyOf, setHistoryOf] = useState<BladeFlow | null>(null);
  const version = useWorkVersion();

  const detail = (row: BladeFlow) => {
    const pages = flow.pagesOf(row.category);
    if (!pages || !row.processInstanceId || !row.businessId) return null;
    const path = pages.detail(row.processInstanceId, row.businessId);
    return (
      <RowAction
        icon={FileText}
        action="detail"
        label={t('work.detail')}
        onClick={() => void navigate(path)}
      />
    );
  };
  const history = (row: BladeFlow) =>
    row.processInstanceId ? (
      <RowAction
        icon={History}
        action="history"
        label={t('work.history')}
        onClick={() => setHistoryOf(row)}
      />
    ) : null;
  const dialog = historyOf ? <HistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} /> : null;
  return { t, navigate, flow, detail, history, dialog, version };
}

/** 发起事务: the processes one may start, common or the tenant's own, each opening its start form. */
export function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useFlowCategories();
  const [mode, setMode] = useState('1');
  const resource = useMemo(() => startResource(t), [t]);
  const fixed = useMemo(() => ({ mode: Number(mode) }), [mode]);
  return (
    <CrudPage
      resource={resource}
      adapter={startAdapter}
      fixedParams={fixed}
      toolbarExtra={
        <RadioGroup
          aria-label={t('work.mode')}
          value={mode}
          onValueChange={setMode}
          options={[
            { value: '1', label: t('work.modeCommon') },
            { value: '2', label: t('work.modeCustom') },
          ]}
        />
      }
      rowActions={(row) => {
        const pages = flow.pagesOf(row.category);
        return pages ? (
          <RowAction
            icon={Play}
            action="start"
            label={t('work.start')}
            onClick={() => void navigate(pages.form(row.id))}
          />
        ) : null;
      }}
    />
  );
}

const claimResource = taskResource('work_claim');
const todoResource = taskResource('work_todo');

/** 签收 after a confirmation; the claim and to-do lists then reload (../work-version.ts). */
function ClaimButton({ row }: { row: BladeFlow }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  // a refusal: the HTTP layer showed why (claimed by someone else meanwhile …)
  const { run, busy } = useBusyAction((taskId: string) => workClaimTask({ taskId }), {
    done: t('work.claimed'),
    onDone: () => workChanged(),
  });
  const claim = async () => {
    if (!row.taskId || !(await confirm({ description: t('work.claimConfirm') }))) return;
    await run(row.taskId);
  };
  return (
    <RowAction
      icon={Hand}
      action="claim"
      label={t('work.claim')}
      disabled={busy}
      onClick={() => void claim()}
    />
  );
}

/** 待签事务: tasks offered to the user or the user's roles. */
export function ClaimPage() {
  const { detail, history, dialog, version } = useWorkRows();
  return (
    <>
      <CrudPage
        resource={claimResource}
        adapter={claimAdapter}
        reloadKey={version}
        rowActions={(row) => (
          <>
            <ClaimButton row={row} />
            {detail(row)}
            {history(row)}
          </>
        )}
      />
      {dialog}
    </>
  );
}

/** 待办事务: tasks assigned to the user, handled on the process's handle page. */
export function TodoPage() {
  const { t, navigate, flow, detail, history, dialog, version } = useWorkRows();

  const handle = (row: BladeFlow): ReactNode => {
    const pages = flow.pagesOf(row.category);
    if (!pages || !row.taskId || !row.processInstanceId || !row.businessId) return null;
    const path = pages.handle(row.taskId, row.processInstanceId, row.businessId);
    return (
      <RowAction
        icon={PenLine}
        action="handle"
        label={t('work.handle')}
        onClick={() => void navigate(path)}
      />
    );
  };
  return (
    <>
      <CrudPage
        resource={todoResource}
        adapter={todoAdapter}
        reloadKey={version}
        rowActions={(row) => (
          <>
            {handle(row)}
            {detail(row)}
            {history(row)}
          </>
        )}
      />
      {dialog}
    </>
  );
}

/**
 * A list of the user's finished work, read only: each row opens its detail and its process history (已发 and 办结
 * differ only in what they list).
 */
function FinishedWorkPage({
  resourceOf,
  adapter,
}: {
  resourceOf: (t: (key: string) => string) => ResourceDef<BladeFlow>;
  adapter: CrudAdapter<BladeFlow>;
}) {
  const { t, detail, history, dialog, version } = useWorkRows();
  const resource = useMemo(() => resourceOf(t), [resourceOf, t]);
  return (
    <>
      <CrudPage
        resource={resource}
        adapter={adapter}
        reloadKey={version}
        rowActions={(row) => (
          <>
            {detail(row)}
            {history(row)}
          </>
        )}
      />
      {dialog}
    </>
  );
}

/** 已发事务: the instances the user started. */
export function SendPage() {
  return <FinishedWorkPage resourceOf={sendResource} adapter={sendAdapter} />;
}

/** 办结事务: the tasks the user completed. */
export function DonePage() {
  return <FinishedWorkPage resourceOf={doneResource} adapter={doneAdapter} />;
}
