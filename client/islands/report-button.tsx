/**
 * Island: "Report" on a review, question or answer (POST /api/ugc/reports). A small disclosure
 * with the reasons as a radio group and a send button; the result is announced in a live region.
 * Visitors who are not signed in get a link to the login page that brings them back. Other pages
 * embed it with `<Island name="report-button" component={ReportButton} props={{ kind, id }} />`;
 * a cached page does not know who is signed in, so the island reads the readable companion
 * cookie (`ampora_signed_in`) once hydrated; a personal page may pass `signedIn` and `loginHref`.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ReportReason } from '../../worker/ugc/reports';
import { api, ApiError, unwrap } from '../api';

export type ReportKindProp = 'review' | 'question' | 'answer';

/** The reasons a shopper may give (worker/ugc/reports.ts REPORT_REASONS), as staff and shoppers read them. */
export const REPORT_REASON_LABELS: Record<string, MessageDescriptor> = {
  spam: msg`Spam or advertising`,
  offensive: msg`Offensive or abusive`,
  'off-topic': msg`Not about this product`,
  'personal-data': msg`Shares personal data`,
  other: msg`Something else`,
};

export interface ReportButtonProps {
  kind: ReportKindProp;
  id: number;
  /** Whether the page was rendered for a signed-in shopper (unknown on cached pages: the cookie tells once hydrated). */
  signedIn?: boolean;
  /** The login page with `next` back here (default: the page's login path). */
  loginHref?: string;
}

/** The login page with `next` back to this page, from the attributes the server put on <html>. */
function loginFromPage(): string {
  const login = document.documentElement.dataset.loginPath ?? '/login';
  return `${login}?next=${encodeURIComponent(location.pathname + location.search)}`;
}

export default function ReportButton({ kind, id, signedIn, loginHref }: ReportButtonProps) {
  const { i18n, t } = useLingui();
  const formId = useId();
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [login, setLogin] = useState<string | null>(signedIn === false ? (loginHref ?? '/login') : null);

  useEffect(() => {
    if (signedIn === undefined && !/(?:^|;\s*)ampora_signed_in=1/.test(document.cookie)) setLogin(loginHref ?? loginFromPage());
  }, [signedIn, loginHref]);

  if (login !== null) {
    return (
      <p className="report-button">
        <a href={login}>
          <Trans>Sign in to report this</Trans>
        </a>
      </p>
    );
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = new FormData(event.currentTarget).get('reason');
    if (typeof reason !== 'string' || !reason) {
      setState('error');
      setMessage(t`Choose a reason.`);
      queueMicrotask(() => errorRef.current?.focus());
      return;
    }
    setState('sending');
    try {
      // One of the radio buttons' values (REPORT_REASON_LABELS); the server checks it again.
      await unwrap(api.ugc.reports.$post({ json: { kind, id, reason: reason as ReportReason } }));
      setState('done');
      setMessage(t`Thank you. Our team will review it.`);
    } catch (error) {
      setState('error');
      setMessage(error instanceof ApiError && error.message ? error.message : t`The report could not be sent. Please try again.`);
      queueMicrotask(() => errorRef.current?.focus());
    }
  }

  return (
    <details className="report-button" data-report-kind={kind} data-report-id={id}>
      <summary>
        <Trans>Report</Trans>
      </summary>
      {state === 'done' ? null : (
        <form method="post" action="/api/ugc/reports" onSubmit={(event) => void send(event)} aria-describedby={`${formId}-status`}>
          <fieldset>
            <legend>
              <Trans>Why are you reporting this?</Trans>
            </legend>
            {Object.entries(REPORT_REASON_LABELS).map(([value, label]) => (
              <label key={value} className="report-button__reason">
                <input type="radio" name="reason" value={value} required /> {i18n._(label)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--secondary" disabled={state === 'sending'}>
            <Trans>Send report</Trans>
          </button>
        </form>
      )}
      <p id={`${formId}-status`} role="status" className="report-button__status">
        {state === 'done' ? message : ''}
      </p>
      {state === 'error' ? (
        <p className="report-button__error" role="alert" tabIndex={-1} ref={errorRef}>
          {message}
        </p>
      ) : null}
    </details>
  );
}
