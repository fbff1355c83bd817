import type { EntityPageExtension } from '@smart/crud';
import { PublishStatusBadge } from './PublishStatusBadge';
import { publishRefetch, safeLink } from './publish-status';

/**
 * The publish items' generic page (libs/crud entity-extension.ts) as the place an operator follows publishing: the
 * plan, account, title, schedule, state, post and reason at first, the state as a badge, the post's link clickable, and the rows asked again every 2 s while an item on screen is on its
 * way to the platform, so "run now" is followed here as runs are in the run monitor.
 */
export function publishItemExtension(): EntityPageExtension {
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
    refetchInterval: publishRefetch,
  };
}
