import { CrudPage } from '@smart/crud';
import { topmenuAdapter, topmenuResource } from './topmenu.resource';

export default function TopMenuPage() {
  return <CrudPage resource={topmenuResource} adapter={topmenuAdapter} />;
}
