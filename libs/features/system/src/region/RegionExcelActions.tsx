import { regionExport, regionExportTemplate, regionImport, type RegionImportFailure } from '@smart/api-sdk';
import { regionEntity } from '@smart/api-sdk/entities';
import { useCrudContext, type CrudToolbarContext } from '@smart/crud';
import { useTranslation } from 'react-i18next';
import { ExcelActions } from '../excel/ExcelActions';
import { saveBlob } from '../excel/save-blob';

/** The list's code and name searches, as `export-region` takes them (region.yaml); the level on screen is not one. */
export function regionExportFilters(query: Readonly<Record<string, unknown>>): {
  code?: string;
  name?: string;
} {
  const out: { code?: string; name?: string } = {};
  for (const key of ['code', 'name'] as const) {
    const v = query[key];
    const text = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
    if (text) out[key] = text;
  }
  return out;
}

/**
 * 导入 and 导出 on the region page (region.yaml `import-region`, `export-region`, `export-template`): the export holds
 * every level matching the searches, parents first, so it imports again; refused rows are listed by their code.
 */
export function RegionExcelActions({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const { can, t: entityT } = useCrudContext();
  return (
    <ExcelActions<RegionImportFailure>
      name="region"
      canAdd={can(regionEntity.buttons.add ?? 'region_add')}
      canEdit={can(regionEntity.buttons.edit ?? 'region_edit')}
      title={t('system.region.importTitle')}
      hint={t('system.region.importHint')}
      keyLabel={entityT(`${regionEntity.i18n}.code`)}
      keyOf={(f) => f.code}
      upload={(file, isCovered) => regionImport({ file, isCovered })}
      template={async () => saveBlob(await regionExportTemplate(), t('system.region.templateFile'))}
      exportRows={async () =>
        saveBlob(await regionExport(regionExportFilters(page.filters)), t('system.region.exportFile'))
      }
      onImported={page.reload}
    />
  );
}
