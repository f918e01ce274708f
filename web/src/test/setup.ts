import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../components/toast-store';

// jsdom has no ResizeObserver; Radix popovers and menus measure their trigger with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// Every component test unmounts what it rendered, drops its toasts and its stubbed fetch, so no test
// sees another's screen or network.
afterEach(() => {
  cleanup();
  toast.dismissAll();
  vi.unstubAllGlobals();
});
