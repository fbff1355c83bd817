import { CrudPage } from '@smart/crud';
import { ClientSecretReset } from './ClientSecretReset';
import { clientAdapter, clientResource } from './client.resource';

export default function ClientPage() {
  return (
    <CrudPage
      resource={clientResource}
      adapter={clientAdapter}
      rowActions={(row, page) => <ClientSecretReset row={row} page={page} />}
    />
  );
}
