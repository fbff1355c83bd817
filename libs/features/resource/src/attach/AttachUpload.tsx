import { ossPutFile } from '@smart/api-sdk';
import { useBusyAction } from '@smart/ui';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '../file-pick-button';

/**
 * "上传" on the attachment page: the file goes to the tenant's active object storage (`oss/endpoint/put-file`),
 * which records the attachment row, so the list reads again. The server judges the size and the content; its
 * refusal (上传文件过大, an image that is not one) is the HTTP layer's toast.
 */
export function AttachUpload({ reload }: { reload: () => void }) {
  const { t } = useTranslation();
  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction(
    async (file: File) => {
      await ossPutFile({ file });
      return file.name;
    },
    { done: (name) => t('resource.attach.uploaded', { name }), onDone: () => reload() },
  );
  return (
    <FilePickButton action="attach-upload" inputTestId="attach-file" onFile={run} busy={busy}>
      {t('resource.attach.upload')}
    </FilePickButton>
  );
}
