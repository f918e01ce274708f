export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
}

type Listener = (items: ToastItem[]) => void;

const AUTO_DISMISS_MS = 5000;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener(items);
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  publish(items.filter((item) => item.id !== id));
}

function showToast(kind: ToastKind, title: string, description?: string): number {
  const id = nextId++;
  publish([...items, { id, kind, title, description }]);
  // Errors stay until dismissed so they are not missed mid-task in a busy store.
  if (kind !== 'error')
    timers.set(
      id,
      setTimeout(() => dismissToast(id), AUTO_DISMISS_MS),
    );
  return id;
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return items;
}

export const toast = {
  success: (title: string, description?: string) => showToast('success', title, description),
  error: (title: string, description?: string) => showToast('error', title, description),
  info: (title: string, description?: string) => showToast('info', title, description),
  dismiss: dismissToast,
  dismissAll(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    publish([]);
  },
};
