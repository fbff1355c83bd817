// The flow feature as the console composes it (docs/architecture.md §4): the leave process's in-layout pages
// (docs/spec.md §2), whose paths carry parameters and so resolve by pattern, and its catalogue. Nothing here imports a
// page eagerly.
import { defineFeature, type ResolvedFeatureView } from '@smart/crud';
import { createElement } from 'react';
import en from './i18n/en';
import zh from './i18n/zh';
import { parseLeaveRoute, type LeaveRoute } from './leave-routes';

/** Tab labels of the leave pages (catalogue keys). */
const LEAVE_LABELS: Record<LeaveRoute['page'], string> = {
  form: 'leave.formTitle',
  handle: 'leave.handleTitle',
  detail: 'leave.detailTitle',
};

/** A leave page bound to its path's parameters (the shell caches one component per path). */
export function resolveLeaveView(path: string): ResolvedFeatureView | undefined {
  const route = parseLeaveRoute(path);
  if (!route) return undefined;
  return {
    load: () =>
      import('./LeavePages').then((m) => ({ default: () => createElement(m.LeavePage, { route }) })),
    label: LEAVE_LABELS[route.page],
  };
}

export const feature = defineFeature({
  name: 'flow',
  routes: {},
  resolve: resolveLeaveView,
  catalogue: { zh, en },
});
