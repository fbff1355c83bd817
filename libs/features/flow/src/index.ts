// The flow feature as the console composes it (docs/architecture.md §4): the five "我的事务" menu pages, the leave
// process's in-layout pages (docs/spec.md §2), whose paths carry parameters and so resolve by pattern, the menu icons
// of the work group and its catalogue. Nothing here imports a page eagerly.
import { defineFeature, type ResolvedFeatureView, type ViewLoader } from '@smart/crud';
import { Briefcase, CheckCheck, Hand, ListTodo, Play, Send } from 'lucide-react';
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

type WorkPage = 'StartPage' | 'ClaimPage' | 'TodoPage' | 'SendPage' | 'DonePage';

/** One chunk for the five work pages: they share the kit's list, the history dialog and the flow dictionary. */
const workPage =
  (name: WorkPage): ViewLoader =>
  () =>
    import('./work/WorkPages').then((m) => ({ default: m[name] }));

export const feature = defineFeature({
  name: 'flow',
  routes: {
    '/work/start': workPage('StartPage'),
    '/work/claim': workPage('ClaimPage'),
    '/work/todo': workPage('TodoPage'),
    '/work/send': workPage('SendPage'),
    '/work/done': workPage('DonePage'),
  },
  // Menu pages take the menu's name; these label a tab opened without the menu (the leave form goes to /work/send).
  routeLabels: {
    '/work/start': 'work.startTitle',
    '/work/claim': 'work.claimTitle',
    '/work/todo': 'work.todoTitle',
    '/work/send': 'work.sendTitle',
    '/work/done': 'work.doneTitle',
  },
  resolve: resolveLeaveView,
  // Icons of the work group and its pages (apps/server/src/db/seed-menus.ts).
  icons: {
    briefcase: Briefcase,
    play: Play,
    hand: Hand,
    'list-todo': ListTodo,
    send: Send,
    'check-check': CheckCheck,
  },
  catalogue: { zh, en },
});
