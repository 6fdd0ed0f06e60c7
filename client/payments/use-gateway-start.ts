/**
 * The start of a gateway payment as the redirect islands share it: busy while the call runs, the
 * provider's page when it answers, a translated error focused for screen readers when it does not,
 * and one start on load when the page came straight from placing the order.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { followAnswer, startGatewayPayment } from './gateway-actions';

export function useGatewayStart(orderNumber: string, hash: string | null, autoStart: boolean) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const started = useRef(false);

  async function start(fields: Record<string, unknown> = {}) {
    setBusy(true);
    setError(null);
    try {
      if (followAnswer(await startGatewayPayment(orderNumber, hash, fields))) return;
      setError(t`We could not open the payment page. Please try again.`);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`We could not open the payment page. Please try again.`);
    }
    setBusy(false);
    queueMicrotask(() => errorRef.current?.focus());
  }

  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    void start();
    // Once, on load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { busy, error, errorRef, start };
}
