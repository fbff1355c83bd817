import { CrudPage } from '@smart/crud';
import { regionAdapter } from './region.adapter';
import { regionResource } from './region.resource';

export default function RegionPage() {
  return <CrudPage resource={regionResource} adapter={regionAdapter} />;
}
