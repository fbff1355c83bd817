// The one place the console composes its features (docs/architecture.md §4): each feature library exports one
// `feature` object (routes, route labels, menu icons, catalogues); the shell receives this list, never a page.
import { entityPages } from '@smart/api-sdk/entity-pages';
import { entityPagesFeature, type Feature } from '@smart/crud';
import { feature as automation } from '@smart/feature-automation';
import { feature as desk } from '@smart/feature-desk';
import { feature as develop } from '@smart/feature-develop';
import { feature as dy } from '@smart/feature-dy';
import { feature as flow } from '@smart/feature-flow';
import { feature as mj } from '@smart/feature-mj';
import { feature as pay } from '@smart/feature-pay';
import { feature as resource } from '@smart/feature-resource';
import { feature as system } from '@smart/feature-system';

const own: readonly Feature[] = [system, desk, resource, dy, pay, flow, develop, automation, mj];

// last: the generic page of every declared entity whose path no feature serves itself (@smart/crud entity-pages.ts),
// with what the features add to those pages (Feature.entityExtensions: automation's schedule, run now, run monitor)
export const features: readonly Feature[] = [...own, entityPagesFeature(entityPages, own)];
