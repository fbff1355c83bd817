import { datasourceSelect, type Code } from '@smart/api-sdk';
import { CrudPage, type Option } from '@smart/crud';
import { Button } from '@smart/ui';
import { Download, Eye } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeAdapter, codeResource } from './code.resource';
import { CodePreviewDialog } from './CodePreviewDialog';
import { downloadCode } from './download';

/** The code generator configs, with the preview and the download of each config's generated files. */
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
        rowActions={(row) => (
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
          </>
        )}
      />
      {previewed ? <CodePreviewDialog code={previewed} onClose={closePreview} /> : null}
    </>
  );
}
