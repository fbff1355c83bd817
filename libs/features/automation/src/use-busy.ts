import { useCallback, useState } from 'react';

/**
 * A call the operator started, and whether it is under way. A refused or failed call has been shown by the HTTP
 * layer (its error toast), so the work just ends; what it did before failing stays.
 */
export function useBusy(): [busy: boolean, run: (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // the HTTP layer has shown why
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
