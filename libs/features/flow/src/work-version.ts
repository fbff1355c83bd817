// Work done on one page (a leave started, a task claimed or completed) changes the rows of the work lists, which the
// tab strip keeps mounted with the rows they loaded (docs/architecture.md §4, `<Activity>`). Each work list passes
// this version as CrudPage's `reloadKey`, so it loads again when its tab shows after such a change.
import { useSyncExternalStore } from 'react';

let version = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Something changed the work lists. */
export function workChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function useWorkVersion(): number {
  return useSyncExternalStore(subscribe, () => version);
}
