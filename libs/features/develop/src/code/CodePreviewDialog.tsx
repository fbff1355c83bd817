import { codePreview, type Code, type CodeFile } from '@smart/api-sdk';
import { SimpleDialog, Tabs, TabsContent, TabsList, TabsTrigger } from '@smart/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The last part of a path, the tab's label (the whole path is its title and heads the content). */
const baseName = (path: string) => path.split('/').pop() ?? path;

/** The files `code/preview` generates for one config, one tab each, the text in a <pre>. */
export function CodePreviewDialog({ code, onClose }: { code: Code; onClose: () => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<CodeFile[] | undefined>();
  useEffect(() => {
    let alive = true;
    codePreview({ id: code.id }).then(
      (answer) => {
        if (alive) setFiles(answer);
      },
      // the HTTP layer has shown the refusal (no datasource, no table …): nothing to preview
      () => {
        if (alive) onClose();
      },
    );
    return () => {
      alive = false;
    };
  }, [code.id, onClose]);

  return (
    <SimpleDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${t('develop.previewTitle')} · ${code.codeName}`}
      width={1100}
    >
      {files === undefined ? (
        <p className="text-sm text-muted-foreground">{t('develop.loading')}</p>
      ) : files.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('develop.previewEmpty')}</p>
      ) : (
        <Tabs defaultValue={files[0]!.path}>
          <TabsList className="flex-wrap">
            {files.map((f) => (
              <TabsTrigger key={f.path} value={f.path} title={f.path}>
                {baseName(f.path)}
              </TabsTrigger>
            ))}
          </TabsList>
          {files.map((f) => (
            <TabsContent key={f.path} value={f.path}>
              <p className="mb-2 font-mono text-xs text-muted-foreground">{f.path}</p>
              {/* a long file scrolls: focusable, so a keyboard reaches and scrolls it (axe scrollable-region-focusable) */}
              <pre
                data-slot="code-preview"
                tabIndex={0}
                aria-label={f.path}
                className="max-h-[60vh] overflow-auto rounded-md border bg-muted p-3 font-mono text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {f.content}
              </pre>
            </TabsContent>
          ))}
        </Tabs>
      )}
    </SimpleDialog>
  );
}
