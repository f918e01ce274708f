import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { toast } from '../components/toast-store';
import { recordUnhandledRequest, server, takeViolations } from './contract-handlers';

// jsdom has no ResizeObserver; Radix popovers and menus measure their trigger with it.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// Each test names the routes it needs with server.use(handle(route, ...)); any other request is an error.
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (recordUnhandledRequest(request), print.error()) }));

// Every component test unmounts what it rendered, drops its toasts, handlers and stubbed globals, so no test
// sees another's screen or network; a request the contract refuses fails the test that sent it.
afterEach(() => {
  cleanup();
  toast.dismissAll();
  server.resetHandlers();
  vi.unstubAllGlobals();
  const violations = takeViolations();
  if (violations.length > 0) throw new Error(`Requests the route contracts refuse:\n${violations.join('\n')}`);
});

afterAll(() => server.close());
