/**
 * Island: the customer's reply on an after-sales case, with up to 5 photos or PDFs. Posts
 * without script too (the answer is the case page again); hydrated, it sends by fetch, keeps
 * the text when something is refused and reloads the conversation once the reply is in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { CaseFilesField, tooManyOrTooBig } from '../account/case-files';
import { FormAlert, useApiForm } from '../components/forms';
import { api, apiAddress, unwrap } from '../api';
import { multipartInit } from './case-post';

export interface CaseReplyFormProps {
  caseId: number;
  language: string;
  error: string | null;
}

export default function CaseReplyForm({ caseId, language, error }: CaseReplyFormProps) {
  const messages = api.user['after-sales'].cases[':id'].messages;
  const param = { id: String(caseId) };
  const { t } = useLingui();
  const form = useApiForm();
  const [body, setBody] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (tooManyOrTooBig(element)) {
      form.setError(t`Attach at most 5 files of up to 5 MB each.`);
      return;
    }
    const sent = await form.run(() => unwrap(messages.$post({ param }, { init: multipartInit(element) })));
    // The page is the conversation: show it again with the new message (and drop any ?error).
    if (sent) window.location.assign(window.location.pathname);
  }
  const bodyError = form.fieldErrors['body'];
  return (
    <form className="case-form" method="post" action={apiAddress(messages.$path({ param }))} encType="multipart/form-data" onSubmit={submit} data-case-reply-form>
      <FormAlert message={form.error ?? error} />
      <div className={`field${bodyError ? ' field--invalid' : ''}`}>
        <label htmlFor="case-reply">
          <Trans>Your message</Trans>
        </label>
        <textarea id="case-reply" name="body" rows={5} value={body} onChange={(e) => setBody(e.target.value)} required maxLength={5000} aria-invalid={bodyError ? true : undefined} />
        {bodyError ? <p className="field__error">{bodyError}</p> : null}
      </div>
      <CaseFilesField id="case-reply-files" />
      <input type="hidden" name="respond" value="page" />
      <input type="hidden" name="lang" value={language} />
      <button className="button button--primary" type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
        <Trans>Send</Trans>
      </button>
    </form>
  );
}
