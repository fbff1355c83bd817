import type { EntityPageExtension } from '@smart/crud';
import type { PublishItemKind } from './publish-entities';
import { PublishStatusBadge } from './PublishStatusBadge';
import { RetryRowAction, RetryToolbar } from './RetryActions';
import { publishRefetch, safeLink } from './publish-status';

/**
 * The publish items' generic page (libs/crud entity-extension.ts) as the place an operator follows publishing: the
 * plan, account, title, schedule, state, post and reason at first, the state as a badge, the post's link clickable, and the rows asked again every 2 s while an item on screen is on its
 * way to the platform, so "run now" is followed here as runs are in the run monitor; a failed or cancelled item is
 * published again with 重新发布 (one row, or the selected ones).
 */
export function publishItemExtension(kind: PublishItemKind): EntityPageExtension {
  return {
    // what an operator follows at first; the media, covers and job stay a column switch away
    listColumns: [
      'publishId',
      'arrId',
      'title',
      'scheduleTime',
      'publishStatus',
      'publishedUrl',
      'failReason',
      'publishTime',
    ],
    columns: {
      // the engine's fields are read-only in the contract (no form field): listed, and shown in the view dialog
      failReason: {},
      publishTime: {},
      jobUuid: {},
      publishedItemId: {},
      publishStatus: { render: (row) => <PublishStatusBadge status={row['publishStatus']} /> },
      publishedUrl: {
        render: (row) => {
          const href = safeLink(row['publishedUrl']);
          return href ? (
            <a
              href={href}
              target="_blank"
              rel="noreferrer noopener"
              data-slot="published-url"
              className="break-all text-primary-text underline-offset-4 hover:underline"
            >
              {href}
            </a>
          ) : null;
        },
      },
    },
    rowActions: (row, page) => <RetryRowAction kind={kind} row={row} reload={page.reload} />,
    toolbar: (page) => <RetryToolbar kind={kind} page={page} />,
    refetchInterval: publishRefetch,
  };
}
