import type { Attach } from '@smart/api-sdk';
import { Button, SimpleDialog } from '@smart/ui';
import { Image } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Extensions a browser shows as a picture (the server stores them only when the content is that image). */
const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

export const isImage = (row: Pick<Attach, 'extension'>): boolean =>
  IMAGES.has((row.extension ?? '').toLowerCase().replace(/^\./, ''));

/** "预览" on an image attachment: the picture in a dialog, at most the dialog's width, from its stored link. */
export function AttachPreview({ row }: { row: Attach }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!isImage(row) || !row.link) return null;
  return (
    <>
      <Button variant="link" size="xs" data-action="attach-preview" onClick={() => setOpen(true)}>
        <Image aria-hidden />
        {t('resource.attach.preview')}
      </Button>
      <SimpleDialog open={open} onOpenChange={setOpen} width={720} title={t('resource.attach.previewTitle')}>
        <figure className="grid gap-2">
          <img
            src={row.link}
            alt={row.originalName}
            className="mx-auto max-h-[70vh] max-w-full object-contain"
          />
          <figcaption className="text-muted-foreground text-center text-sm break-all">
            {row.originalName}
          </figcaption>
        </figure>
      </SimpleDialog>
    </>
  );
}
