/**
 * The toast area (spec §2): success and error messages any island can raise with showToast().
 * The region is server-rendered empty (bottom by default, top by channel setting); React mounts
 * into it only when the first toast appears.
 */
import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';

export type ToastType = 'success' | 'error';
export interface ToastInput {
  type: ToastType;
  message: string;
}
interface Toast extends ToastInput {
  id: number;
}

const TOAST_MS = 6000;
let toasts: Toast[] = [];
let nextId = 1;
let mountedI18n: I18n | undefined;
let mounted = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Called once by the island runtime so the toaster speaks the page's language. */
export function setToastI18n(i18n: I18n) {
  mountedI18n = i18n;
}

export function showToast(input: ToastInput): void {
  const toast = { ...input, id: nextId++ };
  toasts = [...toasts, toast];
  emit();
  ensureMounted();
  setTimeout(() => dismiss(toast.id), TOAST_MS);
}

function ensureMounted() {
  const region = document.getElementById('toast-region');
  if (mounted || !region || !mountedI18n) return;
  mounted = true;
  createRoot(region).render(
    <I18nProvider i18n={mountedI18n}>
      <Toaster />
    </I18nProvider>,
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Toaster() {
  const { t } = useLingui();
  const current = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return (
    // Not a list: each toast is its own status (or alert) region, a role a list item cannot take.
    <div className="toasts">
      {current.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <span>{toast.message}</span>
          <button type="button" className="toast__close" onClick={() => dismiss(toast.id)} aria-label={t`Close notification`}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
