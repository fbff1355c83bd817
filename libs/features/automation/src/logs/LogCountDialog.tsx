import { xshCommLogAppLogCount, type XshCommLogCount } from '@smart/api-sdk';
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import {
  Button,
  SimpleDialog,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  useBusyAction,
} from '@smart/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountTile } from '../count-tile';
import { LogFilterFields, rangeError } from './LogFilterFields';
import { rangeBody, today, type LogFilter } from './log-range';

export interface LogCountDialogProps {
  entity: EntityManifestData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "统计": the comment logs of some days (and a task) by result, in total and per robot account (appLogCount). */
export function LogCountDialog({ entity, open, onOpenChange }: LogCountDialogProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LogFilter>({ days: [today(), today()], commId: '' });
  const [counts, setCounts] = useState<XshCommLogCount | undefined>();

  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction(() => xshCommLogAppLogCount(rangeBody(filter)), {
    onDone: (answer) => setCounts(answer),
  });

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      width={720}
      title={t('automation.logs.countTitle')}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('automation.run.close')}</Button>
          <Button
            variant="primary"
            data-action="log-count-submit"
            loading={busy}
            disabled={rangeError(filter)}
            onClick={() => void run()}
          >
            {t('automation.logs.count')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <LogFilterFields entity={entity} value={filter} onChange={setFilter} />
        {counts ? (
          <>
            <dl data-slot="log-counts" className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
              <CountTile label={t('automation.logs.total')} value={counts.total} className="" />
              <CountTile
                label={t('automation.logs.success')}
                value={counts.success}
                className="text-success"
              />
              <CountTile label={t('automation.logs.fail')} value={counts.fail} className="text-destructive" />
              <CountTile
                label={t('automation.logs.skipped')}
                value={counts.skipped}
                className="text-muted-foreground"
              />
            </dl>
            {counts.apps.length ? (
              <div className="max-h-72 overflow-auto rounded-md border">
                <Table aria-label={t('automation.logs.perApp')}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('automation.logs.robotAccount')}</TableHead>
                      <TableHead className="text-right">{t('automation.logs.total')}</TableHead>
                      <TableHead className="text-right">{t('automation.logs.success')}</TableHead>
                      <TableHead className="text-right">{t('automation.logs.fail')}</TableHead>
                      <TableHead className="text-right">{t('automation.logs.skipped')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {counts.apps.map((a) => (
                      <TableRow key={a.robotAccount}>
                        <TableCell className="break-all">{a.robotAccount || '—'}</TableCell>
                        <TableCell className="text-right tabular-nums">{a.total}</TableCell>
                        <TableCell className="text-right tabular-nums">{a.success}</TableCell>
                        <TableCell className="text-right tabular-nums">{a.fail}</TableCell>
                        <TableCell className="text-right tabular-nums">{a.skipped}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{t('automation.logs.none')}</p>
            )}
          </>
        ) : null}
      </div>
    </SimpleDialog>
  );
}
