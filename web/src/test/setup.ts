import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '../components/toast-store';

// Every component test unmounts what it rendered, drops its toasts and its stubbed fetch, so no test
// sees another's screen or network.
afterEach(() => {
  cleanup();
  toast.dismissAll();
  vi.unstubAllGlobals();
});
