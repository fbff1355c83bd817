import { Button } from '@smart/ui';
import { ListTree } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listLink, type RunKind } from '../automation-entities';

/** The run's action logs: their page, filtered to this run (its group id, or its Yingdao job for xhs publishing). */
export function ActionLogsLink({ kind, row }: { kind: RunKind; row: Record<string, unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const value = row[kind.logs.from];
  const to = typeof value === 'string' ? listLink(kind.logs, value) : undefined;
  if (!to) return null;
  return (
    <Button variant="link" size="xs" data-action="run-logs" onClick={() => void navigate(to)}>
      <ListTree aria-hidden />
      {t('automation.monitor.logs')}
    </Button>
  );
}
