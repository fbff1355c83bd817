import { toast, Toaster } from '@smart/ui';
import { useEffect } from 'react';

export { toast };

/** The toaster, loaded on first need so that /login does not download it up front. */
export default function LazyToaster({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  // an explicit direction: without one sonner reads the document's computed style on every render
  return <Toaster dir="ltr" />;
}
