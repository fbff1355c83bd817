import { CrudPage } from '@smart/crud';
import { regionAdapter, regionResource } from './region.resource';

export default function RegionPage() {
  return <CrudPage resource={regionResource} adapter={regionAdapter} />;
}
