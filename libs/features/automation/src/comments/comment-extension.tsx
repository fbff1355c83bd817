import type { EntityManifestData } from '@smart/api-sdk/manifest';
import { useCanAct, type EntityPageExtension } from '@smart/crud';
import { Button } from '@smart/ui';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeishuImportDialog } from './FeishuImportDialog';

const IMPORT_OP = 'commentFeiShuImport';

function CommentTools({ entity, reload }: { entity: EntityManifestData; reload: () => void }) {
  const { t } = useTranslation();
  const canAct = useCanAct(entity);
  const [open, setOpen] = useState(false);
  if (!canAct(IMPORT_OP)) return null;
  return (
    <>
      <Button data-action="comment-feishu-import" onClick={() => setOpen(true)}>
        <FileDown aria-hidden />
        {t('automation.comments.import')}
      </Button>
      <FeishuImportDialog entity={entity} open={open} onOpenChange={setOpen} onImported={reload} />
    </>
  );
}

/** The comment library page with its import from a Feishu sheet or base table in the toolbar. */
export function commentExtension(entity: EntityManifestData): EntityPageExtension {
  return { toolbar: (page) => <CommentTools entity={entity} reload={page.reload} /> };
}
