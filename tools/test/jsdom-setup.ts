// Shared jsdom setup of the console and feature tests: jest-dom matchers, cleanup, and the DOM APIs Radix needs.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Radix needs these in jsdom.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Testing Library unmounts between tests only with vitest globals; do it explicitly.
afterEach(() => cleanup());

// Lazily loaded parts (the CRUD dialog, heavy controls) take longer than Testing Library's 1 s default to appear
// when both cores are busy, as in CI; a wrong expectation still fails, only later.
configure({ asyncUtilTimeout: 5000 });
