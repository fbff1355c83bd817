import { CrudPage } from '@smart/crud';
import { attachAdapter, attachResource } from './attach.resource';

export default function AttachPage() {
  return <CrudPage resource={attachResource} adapter={attachAdapter} />;
}
