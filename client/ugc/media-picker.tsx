/**
 * Photos and videos for a review or an answer form (docs/user-content.md, "Media"): each chosen
 * file is uploaded at once (POST /api/ugc/media, checked by its bytes on the server), shown as a
 * thumbnail with a remove button, and its id goes into the surrounding form as a hidden input
 * (`name`, normally `mediaIds`). Progress and errors are announced in a live region. Used inside
 * islands (the review form, the answer form, the upload page); it is no island itself.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { api, ApiError, unwrap } from '../api';

/** What the file input offers; the server decides by the bytes anyway. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,video/webm';

export interface PickedMedia {
  id: string;
  kind: 'image' | 'video';
  contentType: string;
  width: number | null;
  height: number | null;
  state?: string;
}

/** The serving route's address of a media file (worker/ugc/media-serve.ts). */
export const mediaSrc = (id: string, size: 'tiny' | 'small' | 'medium' | 'large' | 'full' = 'full') => `/media/ugc/${id}/${size}`;

/** Uploads one file as multipart `file`; the §7 error becomes an ApiError in the page's language. */
export async function uploadMedia(file: File): Promise<PickedMedia> {
  const form = new FormData();
  form.set('file', file);
  try {
    // Multipart, and a signal of its own: a video may take longer than the 10 s of other calls.
    return await unwrap(api.ugc.media.$post(undefined, { init: { body: form, signal: new AbortController().signal } }));
  } catch (error) {
    // A body refused before the Worker reads it answers 413 without the envelope.
    if (error instanceof ApiError && error.status === 413 && error.code === 'UNKNOWN') throw new ApiError(413, 'UGC_MEDIA_TOO_LARGE', '');
    throw error;
  }
}

/** A thumbnail of an upload: the small image, or the video itself (first frame, with controls). */
export function MediaThumb({ media, label }: { media: PickedMedia; label: string }) {
  if (media.kind === 'video') {
    return (
      <video className="ugc-media__thumb" src={mediaSrc(media.id)} preload="metadata" controls muted aria-label={label}>
        <track kind="captions" />
      </video>
    );
  }
  const height = media.width && media.height ? Math.round((140 * media.height) / media.width) : 140;
  return <img className="ugc-media__thumb" src={mediaSrc(media.id, 'small')} width={140} height={height} alt={label} loading="lazy" decoding="async" />;
}

export interface MediaPickerProps {
  name: 'mediaIds';
  max: number;
  /** Media already on the item being edited. */
  initial?: PickedMedia[];
  /** Told after each change (the upload page attaches new uploads to its item). */
  onUploaded?: (media: PickedMedia) => void;
}

export function MediaPicker({ name, max, initial = [], onUploaded }: MediaPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<PickedMedia[]>(initial);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Uploads made here and not kept: removed from the server too, so they do not wait a day for the clean-up.
  const uploadedHere = useRef(new Set<string>());

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    setError(null);
    const room = max - items.length;
    if (files.length > room) {
      setError(t`You can add ${room} more. A review or an answer can have at most ${max} photos or videos.`);
      input.current?.focus();
      if (room <= 0) return;
    }
    setBusy(true);
    const failures: string[] = [];
    let count = 0;
    for (const [index, file] of files.slice(0, Math.max(room, 0)).entries()) {
      const position = index + 1;
      const total = Math.min(files.length, room);
      const name = file.name;
      setStatus(t`Uploading ${position} of ${total}: ${name}`);
      try {
        const media = await uploadMedia(file);
        uploadedHere.current.add(media.id);
        setItems((current) => [...current, media]);
        onUploaded?.(media);
        count++;
      } catch (failure) {
        const reason = failure instanceof ApiError && failure.message ? failure.message : t`The upload failed. Please try again.`;
        failures.push(`${file.name}: ${reason}`);
      }
    }
    setBusy(false);
    setStatus(t`${count} uploaded.`);
    if (failures.length > 0) {
      setError(failures.join(' '));
      input.current?.focus();
    }
  }

  async function remove(media: PickedMedia, label: string) {
    setItems((current) => current.filter((item) => item.id !== media.id));
    setStatus(t`${label} removed.`);
    if (uploadedHere.current.has(media.id)) {
      uploadedHere.current.delete(media.id);
      await unwrap(api.ugc.media[':id'].$delete({ param: { id: media.id } })).catch(() => undefined);
    }
    input.current?.focus();
  }

  return (
    <fieldset className="ugc-media-picker" aria-describedby={`${id}-hint`}>
      <legend>
        <Trans>Photos and videos</Trans>
      </legend>
      <p className="field__hint" id={`${id}-hint`}>
        <Trans>JPEG, PNG or WebP photos up to 8 MB and MP4 or WebM videos up to 30 MB.</Trans>{' '}
        <Plural value={max} one="At most # file." other="At most # files." />
      </p>
      {items.length > 0 ? (
        <ul className="ugc-media__list">
          {items.map((media, index) => {
            const n = index + 1;
            const label = media.kind === 'video' ? t`Video ${n}` : t`Photo ${n}`;
            return (
              <li key={media.id} className="ugc-media__item">
                <MediaThumb media={media} label={label} />
                <input type="hidden" name={name} value={media.id} />
                <button type="button" className="button button--small" onClick={() => void remove(media, label)}>
                  <Trans>Remove {label}</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <label className="ugc-media-picker__choose" htmlFor={`${id}-file`}>
        <Trans>Add photos or videos</Trans>
      </label>
      <input ref={input} id={`${id}-file`} type="file" accept={MEDIA_ACCEPT} multiple disabled={busy || items.length >= max} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => void choose(event)} />
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </fieldset>
  );
}
