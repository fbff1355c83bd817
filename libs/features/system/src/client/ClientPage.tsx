import { CrudPage } from '@smart/crud';
import { clientAdapter, clientResource } from './client.resource';

export default function ClientPage() {
  return <CrudPage resource={clientResource} adapter={clientAdapter} />;
}
