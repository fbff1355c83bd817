import { CrudPage } from '@smart/crud';
import { attachAdapter, attachResource } from './attach.resource';
import { AttachPreview } from './AttachPreview';
import { AttachUpload } from './AttachUpload';

export default function AttachPage() {
  return (
    <CrudPage
      resource={attachResource}
      adapter={attachAdapter}
      toolbarExtra={({ reload }) => <AttachUpload reload={reload} />}
      rowActions={(row) => <AttachPreview row={row} />}
    />
  );
}
