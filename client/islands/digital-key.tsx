/**
 * Island: one key of the "Digital keys" screen. Before it is revealed, a real GET form asks the
 * same page for `?reveal=<id>` (the page reveals it without script); hydrated, the form calls
 * `GET /api/digital-codes/:id/reveal` instead and shows the key in place. Once shown, a "Copy"
 * button puts it on the clipboard; results are announced in a live region.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';

export interface DigitalKeyProps {
  idCode: number;
  articleName: string;
  /** The key when already revealed. */
  code: string | null;
  canReveal: boolean;
  /** The keys screen's address (the form's action without script). */
  action: string;
}

export default function DigitalKey({ idCode, articleName, code: initialCode, canReveal, action }: DigitalKeyProps) {
  const { t } = useLingui();
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  /** Set when a reveal succeeds: the button that had focus is gone, so focus goes to the key. */
  const focusKey = useRef(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (code && focusKey.current) {
      focusKey.current = false;
      codeRef.current?.focus();
    }
  }, [code]);

  async function reveal(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const revealed = await unwrap(api['digital-codes'][':id'].reveal.$get({ param: { id: String(idCode) } }));
      focusKey.current = true;
      setCode(revealed.code);
      setStatus(t`Your key for ${articleName} is shown.`);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setStatus(t`Key copied to the clipboard.`);
    } catch {
      setStatus(t`The key could not be copied. Select it and copy it yourself.`);
    }
  }

  return (
    <div className="digital-key__actions">
      {code ? (
        <p className="digital-key__code-line">
          <span className="visually-hidden">
            <Trans>Key:</Trans>{' '}
          </span>
          <code className="digital-key__code" data-digital-code tabIndex={-1} ref={codeRef}>
            {code}
          </code>
          {hydrated ? (
            <button className="button button--ghost button--small" type="button" onClick={copy}>
              <Trans>
                Copy<span className="visually-hidden"> the key for {articleName}</span>
              </Trans>
            </button>
          ) : null}
        </p>
      ) : canReveal ? (
        <form method="get" action={action} onSubmit={reveal}>
          <input type="hidden" name="reveal" value={idCode} />
          <button className="button button--small" type="submit" disabled={busy}>
            <Trans>
              Reveal key<span className="visually-hidden"> for {articleName}</span>
            </Trans>
          </button>
        </form>
      ) : null}
      <span className="visually-hidden" role="status">
        {status}
      </span>
      <span role="alert" className="field__error">
        {error}
      </span>
    </div>
  );
}
