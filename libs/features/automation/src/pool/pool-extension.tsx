import type { EntityPageExtension } from '@smart/crud';
import type { PoolKind } from './pool-entities';
import { PoolSwitch } from './PoolSwitch';
import { PoolToolbar } from './PoolToolbar';

/**
 * A target pool's generic page (libs/crud entity-extension.ts) with its switch in the `status` column, and import,
 * bulk switching and (Xiaohongshu links) clearing out in the toolbar; list, form and search stay the contract's.
 */
export function poolExtension(kind: PoolKind): EntityPageExtension {
  return {
    columns: {
      // a link is read by its start; the whole of it on hover, in the view dialog and in an export
      ...(kind.text === 'url'
        ? {
            url: {
              width: 320,
              render: (row) => (
                <span className="block max-w-full truncate" title={String(row['url'] ?? '')}>
                  {String(row['url'] ?? '')}
                </span>
              ),
            },
          }
        : {}),
      status: {
        render: (row) => (
          <PoolSwitch
            kind={kind}
            id={String(row['id'])}
            status={row['status']}
            rowLabel={String(row[kind.text] ?? '')}
          />
        ),
      },
    },
    toolbar: (page) => <PoolToolbar kind={kind} page={page} />,
  };
}
