import type { Dict } from '@smart/api-sdk';
import { CrudPage, useCrudContext, type CrudAdapter, type Option } from '@smart/crud';
import { Button, cn } from '@smart/ui';
import type { DictSubmit } from '@smart/api-sdk';
import { useEffect, useId, useMemo, useState } from 'react';
import { treeOptions } from '../shared/tree-options';
import { createChildAdapter, createParentAdapter } from './dict.adapter';
import type { DictApi } from './dict.api';
import { childDictResource, parentDictResource } from './dict.resource';
import { SealedSwitch } from './SealedSwitch';

export type DictLayout = 'horizontal' | 'vertical';

export interface DictWorkbenchProps {
  api: DictApi;
  /** horizontal: the dictionaries and the chosen one's items side by side; vertical: stacked. */
  layout: DictLayout;
}

/** A dictionary page: the headers, and the items of the header chosen with its "items" button. */
export function DictWorkbench({ api, layout }: DictWorkbenchProps) {
  const { t } = useCrudContext();
  const [selected, setSelected] = useState<Dict | null>(null);
  const itemsHeading = useId();

  const resource = useMemo(
    () =>
      parentDictResource(api, t, (row) => (
        <SealedSwitch key={`${row.id}:${row.isSealed}`} row={row} api={api} />
      )),
    [api, t],
  );

  const adapter = useMemo<CrudAdapter<Dict, DictSubmit>>(() => {
    const base = createParentAdapter(api);
    return {
      ...base,
      // The chosen header follows its reloaded row (a renamed code must reach the items' form), and goes away
      // with it when deleted.
      async list(params) {
        const page = await base.list(params);
        setSelected((s) => (s ? (page.records.find((r) => r.id === s.id) ?? s) : s));
        return page;
      },
      async remove(ids) {
        const result = await base.remove(ids);
        setSelected((s) => (s && ids.includes(s.id) ? null : s));
        return result;
      },
    };
  }, [api]);

  return (
    <div
      data-slot="dict-workbench"
      data-layout={layout}
      className={cn('grid items-start gap-6', layout === 'horizontal' ? 'xl:grid-cols-2' : 'grid-cols-1')}
    >
      <section aria-label={t(api.title)} className="min-w-0">
        <CrudPage
          resource={resource}
          adapter={adapter}
          // two CRUD pages share this screen: their landmarks need distinct names
          landmarkLabel={t(api.title)}
          rowActions={(row) => (
            <Button
              variant="link"
              size="xs"
              data-action="dict-items"
              aria-pressed={selected?.id === row.id}
              onClick={() => setSelected(row)}
            >
              {t('system.dict.config')}
            </Button>
          )}
        />
      </section>
      <section aria-labelledby={itemsHeading} className="flex min-w-0 flex-col gap-3">
        <h2 id={itemsHeading} className="text-base font-medium">
          {t('system.dict.itemTitle')}
          {selected ? ` · ${selected.dictValue} (${selected.code})` : ''}
        </h2>
        {selected ? (
          <DictItems key={selected.id} api={api} parent={selected} />
        ) : (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {t('system.dict.pickHint')}
          </p>
        )}
      </section>
    </div>
  );
}

function DictItems({ api, parent }: { api: DictApi; parent: Dict }) {
  const { t } = useCrudContext();
  const [parents, setParents] = useState<Option[]>([]);

  useEffect(() => {
    let alive = true;
    api.tree().then(
      (nodes) => {
        if (alive) setParents(treeOptions(nodes));
      },
      () => {
        // The HTTP layer reported it; the selector then shows the id only.
      },
    );
    return () => {
      alive = false;
    };
  }, [api]);

  const resource = useMemo(
    () =>
      childDictResource(api, t, parent, parents, (row) => (
        <SealedSwitch key={`${row.id}:${row.isSealed}`} row={row} api={api} />
      )),
    [api, t, parent, parents],
  );
  const adapter = useMemo(() => createChildAdapter(api, parent), [api, parent]);

  return (
    <CrudPage
      resource={resource}
      adapter={adapter}
      fixedParams={{ parentId: parent.id }}
      landmarkLabel={t('system.dict.itemTitle')}
    />
  );
}
