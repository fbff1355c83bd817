import { CrudPage } from '@smart/crud';
import { RegionExcelActions } from './RegionExcelActions';
import { regionAdapter, regionResource } from './region.resource';

// the server's export (导出, region.yaml `export-region`) replaces the kit's: every level, in the columns the import
// reads back
const resource = { ...regionResource, export: false };

export default function RegionPage() {
  return (
    <CrudPage
      resource={resource}
      adapter={regionAdapter}
      toolbarExtra={(page) => <RegionExcelActions page={page} />}
    />
  );
}
