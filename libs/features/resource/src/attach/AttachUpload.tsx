import { ossPutFile } from '@smart/api-sdk';
import { Button, useBusyAction } from '@smart/ui';
import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "上传" on the attachment page: the file goes to the tenant's active object storage (`oss/endpoint/put-file`),
 * which records the attachment row, so the list reads again. The server judges the size and the content; its
 * refusal (上传文件过大, an image that is not one) is the HTTP layer's toast.
 */
export function AttachUpload({ reload }: { reload: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // a refusal: the HTTP layer has shown why
  const { run, busy } = useBusyAction(
    async (file: File) => {
      await ossPutFile({ file });
      return file.name;
    },
    { done: (name) => t('resource.attach.uploaded', { name }), onDone: () => reload() },
  );
  const upload = async (file: File) => {
    await run(file);
    // uploaded or not, the input is emptied (so the same file may be picked again)
    if (input.current) input.current.value = '';
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        className="hidden"
        data-testid="attach-file"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button
        variant="primary"
        data-action="attach-upload"
        loading={busy}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden />
        {t('resource.attach.upload')}
      </Button>
    </>
  );
}
