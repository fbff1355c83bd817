import { userEntity } from '@smart/api-sdk/entities';
import { useCrudContext, type CrudToolbarContext } from '@smart/crud';
import { Button, useBusyAction } from '@smart/ui';
import { FileDown, FileUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserImportDialog } from './UserImportDialog';
import { downloadUserExport, exportFilters } from './user-excel-download';

export interface UserExcelActionsProps {
  /** The list's context: its reload, and its current filters, which 导出 exports. */
  page: CrudToolbarContext;
}

/**
 * 导入 and 导出 on the user page (user.yaml `import-user`, `export-user`): importing creates users, so it needs the
 * page's add button (and overwriting existing accounts its edit button, as the server asks); exporting is for
 * whoever sees the list, in the list's current filters.
 */
export function UserExcelActions({ page }: UserExcelActionsProps) {
  const { t } = useTranslation();
  const { can } = useCrudContext();
  const [importing, setImporting] = useState(false);
  const canAdd = can(userEntity.buttons.add ?? 'user_add');
  const canEdit = can(userEntity.buttons.edit ?? 'user_edit');

  // a refusal (too many users for one file) is the HTTP layer's toast
  const { run: exportUsers, busy: exporting } = useBusyAction(() =>
    downloadUserExport(exportFilters(page.filters), t('system.user.exportFile')),
  );

  return (
    <>
      {canAdd ? (
        <Button data-action="user-import" onClick={() => setImporting(true)}>
          <FileUp aria-hidden />
          {t('system.user.import')}
        </Button>
      ) : null}
      <Button data-action="user-export" loading={exporting} onClick={() => void exportUsers()}>
        <FileDown aria-hidden />
        {t('system.user.export')}
      </Button>
      {canAdd ? (
        <UserImportDialog
          open={importing}
          onOpenChange={setImporting}
          canCover={canEdit}
          onImported={page.reload}
        />
      ) : null}
    </>
  );
}
