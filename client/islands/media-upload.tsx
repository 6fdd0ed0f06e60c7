/**
 * Island of the upload page (`ugcUpload`, /ugc/upload-media): the user's uploads with their state
 * (waiting for moderation, published, rejected with the reason) and what they are attached to,
 * delete buttons, and the upload form. With a target (`?review=` or `?answer=` of the user's own
 * item) each new upload is attached to it at once (POST /api/ugc/media/attach), which sends a
 * published item back to moderation. Results are announced in a live region.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type ChangeEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { MEDIA_ACCEPT, MediaThumb, uploadMedia, type PickedMedia } from '../ugc/media-picker';

export interface UploadedItem extends PickedMedia {
  state: 'OK' | 'PENDING_REVIEW' | 'REJECTED';
  moderationNote: string[];
  createdAt: number;
  /** The item it is attached to, with the page that shows it. */
  attached: { kind: 'review' | 'answer'; id: number; href: string } | null;
}

export interface MediaUploadProps {
  items: UploadedItem[];
  /** The review or answer new uploads go to, when the page was opened for one. */
  target: { kind: 'review' | 'answer'; id: number; href: string; count: number } | null;
  maxPerItem: number;
  maxUnattached: number;
  /** The form's action without script (the API answers JSON there). */
  action: string;
}

function StateLabel({ item }: { item: UploadedItem }) {
  // "State: …" agrees with the word for state, whatever the gender of photo and video in each language.
  if (item.state === 'OK') return <Trans>State: published</Trans>;
  if (item.state === 'REJECTED') {
    const reason = item.moderationNote.join(', ');
    return reason ? <Trans>State: rejected ({reason})</Trans> : <Trans>State: rejected</Trans>;
  }
  return <Trans>State: waiting for moderation</Trans>;
}

export default function MediaUpload({ items: initial, target, maxPerItem, maxUnattached, action }: MediaUploadProps) {
  const { t, i18n } = useLingui();
  const [items, setItems] = useState(initial);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const onTarget = target ? items.filter((item) => item.attached?.kind === target.kind && item.attached.id === target.id).length : 0;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    const failures: string[] = [];
    let count = 0;
    for (const [index, file] of files.entries()) {
      const position = index + 1;
      const total = files.length;
      const name = file.name;
      setStatus(t`Uploading ${position} of ${total}: ${name}`);
      try {
        const media = await uploadMedia(file);
        let attached: UploadedItem['attached'] = null;
        if (target) {
          await unwrap(api.ugc.media.attach.$post({ json: { kind: target.kind, id: target.id, mediaIds: [media.id] } }));
          attached = { kind: target.kind, id: target.id, href: target.href };
        }
        setItems((current) => [{ ...media, state: 'PENDING_REVIEW', moderationNote: [], createdAt: Date.now(), attached }, ...current]);
        count++;
      } catch (failure) {
        failures.push(`${file.name}: ${failure instanceof ApiError && failure.message ? failure.message : t`The upload failed. Please try again.`}`);
      }
    }
    setBusy(false);
    setStatus(t`${count} uploaded.`);
    if (failures.length > 0) {
      setError(failures.join(' '));
      input.current?.focus();
    }
  }

  async function remove(item: UploadedItem, label: string) {
    setError(null);
    try {
      await unwrap(api.ugc.media[':id'].$delete({ param: { id: String(item.id) } }));
      setItems((current) => current.filter((other) => other.id !== item.id));
      setStatus(t`${label} deleted.`);
      heading.current?.focus();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
    }
  }

  const date = (at: number) => i18n.date(new Date(at), { dateStyle: 'medium' });

  return (
    <div className="ugc-media">
      <form className="ugc-media__form" action={action} method="post" encType="multipart/form-data" onSubmit={(event) => event.preventDefault()}>
        <h2>
          <Trans>Upload</Trans>
        </h2>
        {target?.kind === 'review' ? (
          <p>
            <Trans>
              New uploads are added to <a href={target.href}>your review</a> ({onTarget} of {maxPerItem}). It is published again once our team has checked them.
            </Trans>
          </p>
        ) : target ? (
          <p>
            <Trans>
              New uploads are added to <a href={target.href}>your answer</a> ({onTarget} of {maxPerItem}). It is published again once our team has checked them.
            </Trans>
          </p>
        ) : (
          <p>
            <Trans>Upload photos and videos here, then add them to a review or an answer. Uploads not added to anything within a day are deleted. You can keep at most {maxUnattached} of them.</Trans>
          </p>
        )}
        <p className="field__hint" id="ugc-media-hint">
          <Trans>JPEG, PNG or WebP photos up to 8 MB and MP4 or WebM videos up to 30 MB.</Trans>
        </p>
        <label htmlFor="ugc-media-file">
          <Trans>Choose photos or videos</Trans>
        </label>
        <input ref={input} id="ugc-media-file" name="file" type="file" accept={MEDIA_ACCEPT} multiple disabled={busy || (target !== null && onTarget >= maxPerItem)} aria-describedby={error ? 'ugc-media-hint ugc-media-error' : 'ugc-media-hint'} onChange={(event) => void choose(event)} />
        {error ? (
          <p className="field__error" id="ugc-media-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="ugc-media__status" role="status" aria-live="polite">
          {status}
        </p>
      </form>
      <section aria-labelledby="ugc-media-mine">
        <h2 id="ugc-media-mine" ref={heading} tabIndex={-1}>
          <Trans>Your uploads</Trans>
        </h2>
        {items.length === 0 ? (
          <p>
            <Trans>You have not uploaded any photos or videos yet.</Trans>
          </p>
        ) : (
          <ul className="ugc-media__list">
            {items.map((item, index) => {
              const n = index + 1;
              const label = item.kind === 'video' ? t`Video ${n}` : t`Photo ${n}`;
              const uploaded = date(item.createdAt);
              return (
                <li key={item.id} className="ugc-media__item">
                  <MediaThumb media={item} label={label} />
                  <p className={`ugc-media__state ugc-media__state--${item.state.toLowerCase()}`}>
                    <StateLabel item={item} />
                  </p>
                  <p className="ugc-media__meta">
                    <Trans>Upload date: {uploaded}</Trans>
                  </p>
                  <p className="ugc-media__meta">
                    {item.attached ? (
                      item.attached.kind === 'review' ? (
                        <a href={item.attached.href}>
                          <Trans>In your review</Trans>
                        </a>
                      ) : (
                        <a href={item.attached.href}>
                          <Trans>In your answer</Trans>
                        </a>
                      )
                    ) : (
                      <Trans>Not added to a review or answer yet</Trans>
                    )}
                  </p>
                  <button type="button" className="button button--small button--secondary" onClick={() => void remove(item, label)}>
                    <Trans>Delete {label}</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
