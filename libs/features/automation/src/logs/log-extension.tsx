import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { useCanAct, type EntityPageExtension } from '@smart/crud';
import { Button } from '@smart/ui';
import { BarChart3, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeishuExportDialog } from './FeishuExportDialog';
import { LogCountDialog } from './LogCountDialog';

/** The export's operation (x-entity.actions of xsh_comm_log names the button it needs). */
const EXPORT_OP = 'xshCommLogAppLogToFeiShu';

function LogTools({ entity, reload }: { entity: EntityManifestData; reload: () => void }) {
  const { t } = useTranslation();
  const canAct = useCanAct(entity);
  const [counting, setCounting] = useState(false);
  const [exporting, setExporting] = useState(false);
  return (
    <>
      <Button data-action="log-count" onClick={() => setCounting(true)}>
        <BarChart3 aria-hidden />
        {t('automation.logs.count')}
      </Button>
      {canAct(EXPORT_OP) ? (
        <Button data-action="log-export" onClick={() => setExporting(true)}>
          <Sheet aria-hidden />
          {t('automation.logs.export')}
        </Button>
      ) : null}
      <LogCountDialog entity={entity} open={counting} onOpenChange={setCounting} />
      <FeishuExportDialog entity={entity} open={exporting} onOpenChange={setExporting} onExported={reload} />
    </>
  );
}

/** The Xiaohongshu comment log page with its count per robot account and its export to Feishu in the toolbar. */
export function commentLogExtension(entity: EntityManifestData): EntityPageExtension {
  return { toolbar: (page) => <LogTools entity={entity} reload={page.reload} /> };
}
