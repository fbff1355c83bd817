// The publish item lists this feature follows (names.ts PUBLISH_ITEM_ENTITIES): their manifests and `retry`.
import {
  dyPublishTaskRetry,
  xhsPublishTaskRetry,
  type RequestOptions,
  type RetryCount,
} from '@smart/api-sdk';
import { dyPublishTaskEntity, xhsPublishTaskEntity } from '@smart/api-sdk/entities';
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import type { PublishItemEntityName } from '../names';

export interface PublishItemKind {
  name: PublishItemEntityName;
  entity: EntityManifestData;
  retry: { op: string; call: (params: { ids: string }, options?: RequestOptions) => Promise<RetryCount> };
}

export const PUBLISH_ITEM_KINDS: Readonly<Record<PublishItemEntityName, PublishItemKind>> = {
  dy_publish_task: {
    name: 'dy_publish_task',
    entity: dyPublishTaskEntity,
    retry: { op: 'dyPublishTaskRetry', call: dyPublishTaskRetry },
  },
  xhs_publish_task: {
    name: 'xhs_publish_task',
    entity: xhsPublishTaskEntity,
    retry: { op: 'xhsPublishTaskRetry', call: xhsPublishTaskRetry },
  },
};
