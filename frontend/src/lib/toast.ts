import { useSyncExternalStore } from 'react';
import { isApiError } from './api-error';

export type ToastType = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; type: ToastType; message: string };

/** How long a notification stays (spec §9: about 4.5 s). */
export const TOAST_DURATION_MS = 4500;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const dismissToast = (id: number) => {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
};

const show = (type: ToastType, message: string) => {
  const id = nextId++;
  toasts = [...toasts.slice(-4), { id, type, message }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
};

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};

/** Removes every notification (tests). */
export const clearToasts = () => {
  toasts = [];
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = () => useSyncExternalStore(subscribe, () => toasts);

/**
 * Text for a failed request (spec §8): the server's message when present,
 * otherwise the error's own message (`fallback` for network failures).
 */
export const errorText = (error: unknown, networkFallback: string): string => {
  if (isApiError(error)) {
    if (error.fromServer) return error.message;
    if (error.code === 'network_error') return networkFallback;
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return networkFallback;
};
