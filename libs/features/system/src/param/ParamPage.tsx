import { CrudPage } from '@smart/crud';
import { paramAdapter, paramResource } from './param.resource';

export default function ParamPage() {
  return <CrudPage resource={paramResource} adapter={paramAdapter} />;
}
