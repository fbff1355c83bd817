import { ossPutFile, type Oss, type UploadResult } from '@smart/api-sdk';
import { isAdministratorLogin, useSession } from '@smart/auth';
import { Button, SimpleDialog, useBusyAction, useUiLocale } from '@smart/ui';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isImage } from '../attach/AttachPreview';
import { FilePickButton } from '../file-pick-button';

/**
 * 调试 on a storage config (oss.yaml `put-file?code=`): a file uploaded with this config, active or not, and where it
 * landed (its link, the picture of an image), so an administrator can try a config before enabling it. The upload
 * is recorded as an attachment like any other. A provider's refusal (wrong key, no bucket) is the HTTP layer's
 * toast, in the server's words. For administrators, whom the server allows to name a config.
 */
export function OssDebug({ row }: { row: Oss }) {
  const { t } = useTranslation();
  const { messages } = useUiLocale();
  const admin = useSession((s) => isAdministratorLogin(s.userInfo));
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<UploadResult>();
  const { run, busy } = useBusyAction((file: File) => ossPutFile({ file }, { code: row.ossCode }), {
    done: t('resource.oss.debugDone'),
    onDone: setResult,
  });
  if (!admin) return null;

  const extension = result?.name.split('.').pop() ?? '';
  return (
    <>
      <Button
        variant="link"
        size="xs"
        data-action="oss-debug"
        onClick={() => {
          setResult(undefined);
          setOpen(true);
        }}
      >
        <FlaskConical aria-hidden />
        {t('resource.oss.debug')}
      </Button>
      <SimpleDialog
        open={open}
        onOpenChange={setOpen}
        width={560}
        title={t('resource.oss.debugTitle')}
        description={t('resource.oss.debugHint', { code: row.ossCode })}
        footer={<Button onClick={() => setOpen(false)}>{messages.close}</Button>}
      >
        <div className="grid gap-3">
          <FilePickButton
            action="oss-debug-upload"
            inputTestId="oss-debug-file"
            className="justify-self-start"
            onFile={run}
            busy={busy}
          >
            {t('resource.oss.debugPick')}
          </FilePickButton>
          {result ? (
            <div role="status" className="grid gap-2 text-sm">
              <p>{t('resource.oss.debugStored')}</p>
              <a
                href={result.link}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-primary-text underline"
              >
                {result.link}
              </a>
              {isImage({ extension }) ? (
                <img
                  src={result.link}
                  alt={result.originalName}
                  className="max-h-64 max-w-full object-contain"
                />
              ) : null}
            </div>
          ) : null}
        </div>
      </SimpleDialog>
    </>
  );
}
