/**
 * A tiny toast store (spec §9): at most one toast visible, 5000 ms by default; a dismissed toast
 * leaves the store after 1,000,000 ms. `components/ui/Toaster` renders it with Radix Toast.
 */
export interface ToastInput {
  title?: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** ms; default 5000. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<(items: ToastItem[]) => void>();
const emit = () => listeners.forEach((listener) => listener(items));

export function subscribeToasts(listener: (items: ToastItem[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return items;
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  items = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id?: number): void {
  items = items.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => (id === undefined ? item.open : item.id !== id));
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}
