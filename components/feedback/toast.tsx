'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MESSAGES, TOAST_DURATION_MS } from '@/lib/constants';

interface Toast {
  id: number;
  message: string;
  duration: number;
}
type ShowToast = (message?: string, options?: { duration?: number }) => void;

const ToastContext = createContext<ShowToast>(() => {});
const FLASH_KEY = 'rd:flash-toast';

/** A toast to show on the next page load, for messages that must survive a full navigation. */
export function flashToast(message: string): void {
  sessionStorage.setItem(FLASH_KEY, message);
}

/** showToast(): the general 'Oops!' toast; duration 0 keeps it until dismissed. */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>((message = MESSAGES.toastGeneric, options = {}) => {
    const id = nextId.current++;
    setToasts((all) => [...all, { id, message, duration: options.duration ?? TOAST_DURATION_MS }]);
  }, []);
  const value = useMemo(() => show, [show]);
  useEffect(() => {
    const flash = sessionStorage.getItem(FLASH_KEY);
    if (!flash) return;
    sessionStorage.removeItem(FLASH_KEY);
    show(flash);
  }, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.duration === 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <div
      role="alert"
      className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <span className="flex-1">{toast.message}</span>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="text-slate-300 hover:text-white"
        aria-label="Dismiss"
      >
        ✕
      </button>
    </div>
  );
}
