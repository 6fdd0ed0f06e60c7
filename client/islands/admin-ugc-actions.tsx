/**
 * Island: staff decide on one queued item (POST /api/admin/ugc/:kind/:id/approve or /reject, or
 * /api/admin/ugc/media/:id/reject for a single file). Rejecting needs a reason: one of the
 * common ones or free text. The result is announced and the item leaves the queue.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { showToast } from '../toast';

/** Reasons staff commonly give; the author sees the one chosen (or the text written). */
export const STAFF_REJECT_REASONS: Record<string, MessageDescriptor> = {
  spam: msg`Spam or advertising`,
  offensive: msg`Offensive or abusive`,
  'off-topic': msg`Not about this product`,
  'personal-data': msg`Shares personal data`,
  'links-or-contact': msg`Links or contact details`,
  'poor-media': msg`Photo or video not suitable`,
};

export interface AdminUgcActionsProps {
  kind: 'review' | 'question' | 'answer' | 'media';
  id: number | string;
}

export default function AdminUgcActions({ kind, id }: AdminUgcActionsProps) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const errorRef = useRef<HTMLParagraphElement>(null);
  const key = `${kind}-${id}`;

  function fail(message: string) {
    setBusy(false);
    setError(message);
    queueMicrotask(() => errorRef.current?.focus());
  }

  async function run(send: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError('');
    try {
      await send();
    } catch (failure) {
      fail(failure instanceof ApiError && failure.message ? failure.message : t`The decision could not be saved. Please try again.`);
      return;
    }
    showToast({ type: 'success', message: done });
    const item = document.getElementById(`ugc-item-${key}`);
    const next = item?.nextElementSibling?.querySelector<HTMLElement>('h2, h3');
    item?.remove();
    (next ?? document.getElementById('admin-title'))?.focus();
  }

  function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('reason') ?? '');
    const text = String(form.get('details') ?? '').trim();
    if (!code && !text) return fail(t`Choose a reason or write one.`);
    const reason = text ? (code ? `${code}: ${text}` : text) : code;
    const json = { reason };
    void run(() => unwrap(kind === 'media' ? api.admin.ugc.media[':id'].reject.$post({ param: { id: String(id) }, json }) : api.admin.ugc[':kind'][':id'].reject.$post({ param: { kind, id: String(id) }, json })), t`Rejected.`);
  }

  return (
    <div className="admin-ugc-actions">
      {kind === 'media' ? null : (
        <button type="button" className="button" disabled={busy} data-action="approve" onClick={() => void run(() => unwrap(api.admin.ugc[':kind'][':id'].approve.$post({ param: { kind, id: String(id) } })), t`Approved: it is public now.`)}>
          <Trans>Approve</Trans>
        </button>
      )}
      <form className="admin-ugc-actions__reject" onSubmit={reject}>
        <p className="field">
          <label htmlFor={`reject-reason-${key}`}>
            <Trans>Reason for rejecting</Trans>
          </label>
          <select id={`reject-reason-${key}`} name="reason" defaultValue="">
            <option value="">{t`Choose a reason`}</option>
            {Object.entries(STAFF_REJECT_REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor={`reject-details-${key}`}>
            <Trans>Explanation for the author (optional with a reason)</Trans>
          </label>
          <input id={`reject-details-${key}`} name="details" type="text" maxLength={400} />
        </p>
        <button type="submit" className="button button--secondary" disabled={busy} data-action="reject">
          <Trans>Reject</Trans>
        </button>
      </form>
      {error ? (
        <p className="admin-ugc-actions__error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
