import type { MjPrompt } from '@smart/api-sdk';

/** A drawing the proxy is still working on (contract MjPromptState `mjStatus`): its page and dialog poll. */
export const inFlight = (status: string | undefined): boolean =>
  status === 'NOT_START' || status === 'SUBMITTED' || status === 'IN_PROGRESS';

/** `mjProgress` ("0%"…"100%") as a number for the progress bar; a finished drawing is full. */
export function progressOf(p: Pick<MjPrompt, 'mjStatus' | 'mjProgress'>): number {
  if (p.mjStatus === 'SUCCESS') return 100;
  const n = Number.parseInt(p.mjProgress ?? '', 10);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
}

/** A prompt may be drawn when it never was, or when its drawing failed (the server refuses the others). */
export const canDraw = (status: string | undefined): boolean => status === '' || status === 'FAILURE';

/** A finished grid may be upscaled, varied or rerolled; an upscale is one image and may not (contract `change`). */
export const canChange = (p: Pick<MjPrompt, 'mjStatus' | 'mjAction'>): boolean =>
  p.mjStatus === 'SUCCESS' && p.mjAction !== 'UPSCALE';

/** Polling while a drawing is under way: quick, since an operator watches it. */
export const POLL_MS = 1500;
