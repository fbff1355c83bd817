import { codeCopy, codeGenCode, datasourceSelect, type Code } from '@smart/api-sdk';
import { CrudPage, type CrudRowActionContext, type CrudToolbarContext, type Option } from '@smart/crud';
import { Button, useBusyAction } from '@smart/ui';
import { Copy, Download, Eye, FileCode2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeAdapter, codeResource } from './code.resource';
import { CodePreviewDialog } from './CodePreviewDialog';
import { downloadCode } from './download';

/** 复制: a new config from the row's (`code/copy`: its module name gets `-copy`), then the list again. */
function CopyButton({ row, page }: { row: Code; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const copy = useBusyAction(() => codeCopy({ id: row.id }), {
    done: t('develop.copied'),
    onDone: () => page.reload(),
  });
  return (
    <Button
      variant="link"
      size="xs"
      data-action="code-copy"
      disabled={copy.busy}
      onClick={() => void copy.run()}
    >
      <Copy aria-hidden />
      {t('develop.copy')}
    </Button>
  );
}

/**
 * 代码生成 on the selected configs: the server checks each can be generated (`code/gen-code`: the datasource connects,
 * the table exists) and counts the files, then their zip downloads. A config that cannot be generated is named in
 * the refusal, and nothing downloads.
 */
function GenerateButton({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const ids = page.selectedIds;
  const generate = useBusyAction(
    async () => {
      const counts = await codeGenCode({ ids: ids.join(',') });
      await downloadCode(ids);
      return counts;
    },
    { done: (counts) => t('develop.generated', { configs: counts.configs, files: counts.files }) },
  );
  return (
    <Button
      variant="outline"
      data-action="code-generate"
      disabled={generate.busy || ids.length === 0}
      title={ids.length === 0 ? t('develop.selectFirst') : undefined}
      onClick={() => void generate.run()}
    >
      <FileCode2 aria-hidden />
      {t('develop.generate')}
    </Button>
  );
}

/**
 * The code generator configs, with the preview, the download and the copy of each config, and the generation of the
 * selected ones.
 */
export default function CodePage() {
  const { t } = useTranslation();
  const [datasources, setDatasources] = useState<Option[]>([]);
  const [previewed, setPreviewed] = useState<Code | null>(null);
  useEffect(() => {
    let alive = true;
    datasourceSelect().then(
      (rows) => {
        if (alive) setDatasources(rows.map((r) => ({ label: r.name, value: r.id })));
      },
      // the HTTP layer has shown the error; the form then offers no datasource
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  const resource = useMemo(() => codeResource(datasources), [datasources]);
  const closePreview = useCallback(() => setPreviewed(null), []);

  return (
    <>
      <CrudPage
        resource={resource}
        adapter={codeAdapter}
        toolbarExtra={(page) => <GenerateButton page={page} />}
        rowActions={(row, page) => (
          <>
            <Button variant="link" size="xs" data-action="code-preview" onClick={() => setPreviewed(row)}>
              <Eye aria-hidden />
              {t('develop.preview')}
            </Button>
            <Button
              variant="link"
              size="xs"
              data-action="code-download"
              // the HTTP layer shows a refusal (no datasource, no table …)
              onClick={() => void downloadCode([row.id]).catch(() => undefined)}
            >
              <Download aria-hidden />
              {t('develop.download')}
            </Button>
            <CopyButton row={row} page={page} />
          </>
        )}
      />
      {previewed ? <CodePreviewDialog code={previewed} onClose={closePreview} /> : null}
    </>
  );
}
