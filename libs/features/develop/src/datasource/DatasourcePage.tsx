import { CrudPage } from '@smart/crud';
import { datasourceAdapter, datasourceResource } from './datasource.resource';
import { TestConnectionButton } from './TestConnectionButton';

export default function DatasourcePage() {
  return (
    <CrudPage
      resource={datasourceResource}
      adapter={datasourceAdapter}
      rowActions={(row) => <TestConnectionButton row={row} />}
    />
  );
}
