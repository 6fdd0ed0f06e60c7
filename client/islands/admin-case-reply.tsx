/** Island: staff's reply to an after-sales case, optionally moving the case to another state (replyAsStaff). */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { StaffCaseState } from '../../worker/admin/events';
import { CASE_STATE_LABELS, labelOf } from '../pages/admin-labels';
import { api, unwrap } from '../api';
import { postAndReload } from './admin-post';

export interface AdminCaseReplyProps {
  caseId: number;
  /** The case's state now. */
  state: string;
  states: StaffCaseState[];
}

export default function AdminCaseReply({ caseId, state, states }: AdminCaseReplyProps) {
  const { i18n, t } = useLingui();
  const [body, setBody] = useState('');
  const [next, setNext] = useState<StaffCaseState | ''>('');
  const [busy, setBusy] = useState(false);
  const current = labelOf(CASE_STATE_LABELS, state, (d) => i18n._(d));
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const sent = await postAndReload(() => unwrap(api.admin.cases[':id'].replies.$post({ param: { id: String(caseId) }, json: { body: body.trim(), ...(next ? { state: next } : {}) } })), t`Your reply was sent.`, t`The reply could not be sent. Please try again.`);
    if (!sent) setBusy(false);
  }
  return (
    <form className="admin-reply" onSubmit={submit}>
      <p className="field">
        <label htmlFor="admin-reply-body">
          <Trans>Message to the customer (optional when you change the state)</Trans>
        </label>
        <textarea id="admin-reply-body" name="body" maxLength={5000} rows={5} value={body} onChange={(e) => setBody(e.target.value)} />
      </p>
      <p className="field">
        <label htmlFor="admin-reply-state">
          <Trans>Case state after the reply</Trans>
        </label>
        <select id="admin-reply-state" name="state" value={next} onChange={(e) => setNext(e.target.value as StaffCaseState | '')}>
          <option value="">{t`Keep: ${current}`}</option>
          {states
            .filter((s) => s !== state)
            .map((s) => (
              <option key={s} value={s}>
                {labelOf(CASE_STATE_LABELS, s, (d) => i18n._(d))}
              </option>
            ))}
        </select>
      </p>
      <button type="submit" className="button" disabled={busy}>
        <Trans>Send reply</Trans>
      </button>
    </form>
  );
}
