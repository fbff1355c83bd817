import { userImport, type UserImportFailure } from '@smart/api-sdk';
import { userEntity } from '@smart/api-sdk/entities';
import { useCrudContext, type CrudToolbarContext } from '@smart/crud';
import { useTranslation } from 'react-i18next';
import { ExcelActions } from '../excel/ExcelActions';
import { downloadUserExport, downloadUserTemplate, exportFilters } from './user-excel-download';

/**
 * The workbook that `import-user` reads (user.yaml): at most 1000 users; a big file writes a slow password hash per
 * new user, so the call may take longer than the usual timeout.
 */
const IMPORT_TIMEOUT_MS = 300_000;

export interface UserExcelActionsProps {
  /** The list's context: its reload, and its current filters, which 导出 exports. */
  page: CrudToolbarContext;
}

/**
 * 导入 and 导出 on the user page (user.yaml `import-user`, `export-user`, `export-template`), in the list's current
 * filters; refused rows are listed by their account.
 */
export function UserExcelActions({ page }: UserExcelActionsProps) {
  const { t } = useTranslation();
  const { can, t: entityT } = useCrudContext();
  return (
    <ExcelActions<UserImportFailure>
      name="user"
      canAdd={can(userEntity.buttons.add ?? 'user_add')}
      canEdit={can(userEntity.buttons.edit ?? 'user_edit')}
      title={t('system.user.importTitle')}
      hint={t('system.user.importHint')}
      keyLabel={entityT(`${userEntity.i18n}.account`)}
      keyOf={(f) => f.account}
      upload={(file, isCovered) => userImport({ file, isCovered }, { timeoutMs: IMPORT_TIMEOUT_MS })}
      template={() => downloadUserTemplate(t('system.user.templateFile'))}
      exportRows={() => downloadUserExport(exportFilters(page.filters), t('system.user.exportFile'))}
      onImported={page.reload}
    />
  );
}
