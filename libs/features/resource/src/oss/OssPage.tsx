import { CrudPage } from '@smart/crud';
import { ossAdapter, ossResource } from './oss.resource';

export default function OssPage() {
  return <CrudPage resource={ossResource} adapter={ossAdapter} />;
}
