import { CrudPage } from '@smart/ui';
import { paramAdapter } from './param.adapter';
import { paramResource } from './param.resource';

export default function ParamPage() {
  return <CrudPage resource={paramResource} adapter={paramAdapter} />;
}
