// The automation engine's console side as the console composes it (docs/architecture.md §4): no pages of its own,
// but additions to the generic pages of the task definitions (schedule, run now), of the run log groups (the run
// monitor), of the target pools (switch, import, clear out), of the comment log (count, export to Feishu), of the
// comment library (import from Feishu) and of the Xiaohongshu control strategies (the editor by customer, also on the
// Xiaohongshu comment tasks' page), through libs/crud's entity extensions. Each loads with its page, in this
// feature's chunk.
import { defineFeature, type EntityExtensionLoader } from '@smart/crud';
import en from './i18n/en';
import zh from './i18n/zh';
import {
  COMMENT_LIBRARY_ENTITIES,
  COMMENT_LOG_ENTITIES,
  POOL_ENTITIES,
  PUBLISH_ITEM_ENTITIES,
  RUN_ENTITIES,
  STRATEGY_ENTITIES,
  TASK_ENTITIES,
  type CommentLibraryEntityName,
  type CommentLogEntityName,
  type PoolEntityName,
  type PublishItemEntityName,
  type RunEntityName,
  type StrategyEntityName,
  type TaskEntityName,
} from './names';

const taskPage =
  (name: TaskEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.taskPageExtension(name) }));

const runPage =
  (name: RunEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.runPageExtension(name) }));

const poolPage =
  (name: PoolEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.poolPageExtension(name) }));

const commentLogPage =
  (name: CommentLogEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.commentLogPageExtension(name) }));

const publishItemPage =
  (name: PublishItemEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.publishItemPageExtension(name) }));

const commentLibraryPage =
  (name: CommentLibraryEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.commentLibraryPageExtension(name) }));

const strategyPage =
  (name: StrategyEntityName): EntityExtensionLoader =>
  () =>
    import('./extensions').then((m) => ({ default: m.strategyPageExtension(name) }));

export const feature = defineFeature({
  name: 'automation',
  routes: {},
  entityExtensions: Object.fromEntries([
    ...TASK_ENTITIES.map((name) => [name, taskPage(name)] as const),
    ...RUN_ENTITIES.map((name) => [name, runPage(name)] as const),
    ...POOL_ENTITIES.map((name) => [name, poolPage(name)] as const),
    ...COMMENT_LOG_ENTITIES.map((name) => [name, commentLogPage(name)] as const),
    ...COMMENT_LIBRARY_ENTITIES.map((name) => [name, commentLibraryPage(name)] as const),
    ...PUBLISH_ITEM_ENTITIES.map((name) => [name, publishItemPage(name)] as const),
    ...STRATEGY_ENTITIES.map((name) => [name, strategyPage(name)] as const),
  ]),
  catalogue: { zh, en },
});

export {
  TASK_ENTITIES,
  RUN_ENTITIES,
  POOL_ENTITIES,
  COMMENT_LOG_ENTITIES,
  COMMENT_LIBRARY_ENTITIES,
  PUBLISH_ITEM_ENTITIES,
  STRATEGY_ENTITIES,
};
