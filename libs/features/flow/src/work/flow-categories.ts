// The `flow` dictionary as the work pages use it: each item's `remark` is the route key of the pages of the
// processes of its category (docs/platform-contract.md §3.22: `flow_1` → `leave` → /work/process/leave/…). The
// search bar offers the same items through the kit's dictionary lookup (work.resource.tsx).
import { useDictDictionary } from '@smart/api-sdk';
import { useMemo } from 'react';
import { leaveDetailPath, leaveFormPath, leaveHandlePath } from '../leave-routes';

/** The in-layout pages of one process. */
export interface ProcessPages {
  form: (processDefinitionId: string) => string;
  handle: (taskId: string, processInstanceId: string, businessId: string) => string;
  detail: (processInstanceId: string, businessId: string) => string;
}

/** Route key (dictionary remark) → pages; the console has pages for the leave process only. */
const PAGES: Readonly<Record<string, ProcessPages>> = {
  leave: { form: leaveFormPath, handle: leaveHandlePath, detail: leaveDetailPath },
};

/** A dictionary key as the work lists take it (`category=flow_1`), as upstream's `flowCategory`. */
export const flowCategory = (dictKey: string | number) => `flow_${dictKey}`;

export interface FlowCategories {
  /** The pages of a row's category (`flow_<dictKey>`); undefined while the dictionary loads or without pages. */
  pagesOf: (category: string | undefined) => ProcessPages | undefined;
}

// The dictionary hardly changes while a console is open: the five pages share one answer.
const DICT = { code: 'flow' } as const;
const STALE_MS = 5 * 60_000;

export function useFlowCategories(): FlowCategories {
  const dict = useDictDictionary(DICT, { query: { staleTime: STALE_MS } });
  return useMemo(() => {
    const items = dict.data ?? [];
    const routes = new Map(items.map((i) => [flowCategory(i.dictKey), i.remark]));
    return {
      pagesOf: (category) => {
        const key = routes.get(category ?? '');
        return key !== undefined && Object.hasOwn(PAGES, key) ? PAGES[key] : undefined;
      },
    };
  }, [dict.data]);
}
