/**
 * Island: writing (or editing) a review. A nick step first when the author has none (the nick is
 * shown with the review), then the form: the stars as a radio group, title and text with their
 * counters, photos through the media picker, and the answer — published, or waiting for
 * moderation — with links to the product and to the account's reviews. Errors are translated by
 * the API and focused; the analytics event carries the score divided by 2 (spec §9).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { track } from '../analytics';
import { api, ApiError, unwrap, type ApiData } from '../api';
import { MediaPicker, type PickedMedia } from '../ugc/media-picker';
import { analyticsScore, scoreOfStars, STAR_CHOICES, starsOfScore } from '../ugc/review-score';

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 3000;

export interface ReviewFormProps {
  articleId: number;
  productName: string;
  productPath: string;
  accountReviewsPath: string;
  /** A review invitation acting without a session. */
  token: string | null;
  hasNick: boolean;
  /** The author's review of this article, to edit. */
  existing: { id: number; rating: number; title: string; body: string; media: PickedMedia[] } | null;
  maxMedia: number;
}

type Field = 'rating' | 'title' | 'body';
type Answer = ApiData<typeof api.ugc.reviews.$post>;

const count = (text: string) => [...text.trim()].length;

function NickStep({ token, articleId, onDone }: { token: string | null; articleId: number; onDone: () => void }) {
  const { t } = useLingui();
  const [nick, setNick] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.users.info['update-nick'].$put({ json: { nick: nick.trim(), ...(token ? { token, idArticle: articleId } : {}) } }));
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="review-form review-form--nick" onSubmit={save} noValidate>
      <h2>
        <Trans>Choose your nickname</Trans>
      </h2>
      <p id="review-nick-hint">
        <Trans>Your nickname is shown with your review instead of your name. Use 3 to 20 letters or digits.</Trans>
      </p>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor="review-nick">
          <Trans>Nickname</Trans>
        </label>
        <input
          ref={input}
          id="review-nick"
          name="nick"
          autoComplete="nickname"
          required
          maxLength={40}
          value={nick}
          onChange={(event) => setNick(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'review-nick-hint review-nick-error' : 'review-nick-hint'}
        />
        {error ? (
          <p className="field__error" id="review-nick-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button className="button button--primary" type="submit" disabled={busy}>
        <Trans>Save nickname</Trans>
      </button>
    </form>
  );
}

function Done({ answer, productPath, productName, accountReviewsPath }: { answer: Answer; productPath: string; productName: string; accountReviewsPath: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="review-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        <Trans>Thank you for your review!</Trans>
      </h2>
      <p>
        {answer.state === 'OK' ? (
          <Trans>It is published: other shoppers can read it now.</Trans>
        ) : (
          <Trans>It is waiting for moderation: we will publish it once our team has checked it.</Trans>
        )}
      </p>
      <p className="review-done__links">
        <a className="button button--secondary" href={productPath}>
          <Trans>Back to {productName}</Trans>
        </a>
        <a className="button button--ghost" href={accountReviewsPath}>
          <Trans>My reviews</Trans>
        </a>
      </p>
    </div>
  );
}

export default function ReviewForm(props: ReviewFormProps) {
  const { t } = useLingui();
  const { existing } = props;
  const [hasNick, setHasNick] = useState(props.hasNick);
  const [stars, setStars] = useState<number | null>(existing ? starsOfScore(existing.rating) : null);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  if (!hasNick) return <NickStep token={props.token} articleId={props.articleId} onDone={() => setHasNick(true)} />;
  if (answer) return <Done answer={answer} productPath={props.productPath} productName={props.productName} accountReviewsPath={props.accountReviewsPath} />;

  /** Shows the messages and moves focus to the first field in error, else to the alert. */
  function fail(fields: Partial<Record<Field, string>>, message: string | null) {
    setErrors(fields);
    setAlert(message);
    const first = (['rating', 'title', 'body'] as const).find((field) => fields[field]);
    requestAnimationFrame(() => {
      if (first === 'rating') form.current?.querySelector<HTMLInputElement>('input[name="rating"]')?.focus();
      else if (first) document.getElementById(`review-${first}`)?.focus();
      else alertRef.current?.focus();
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    if (stars === null) local.rating = t`Choose from 1 to 5 stars.`;
    if (count(title) < 3) local.title = t`Give your review a title of at least 3 characters.`;
    if (count(body) < REVIEW_BODY_MIN) local.body = t`Tell us a little more: at least ${REVIEW_BODY_MIN} characters.`;
    if (stars === null || Object.keys(local).length > 0) return fail(local, t`Please correct the highlighted fields.`);
    const mediaIds = new FormData(event.currentTarget).getAll('mediaIds').filter((id): id is string => typeof id === 'string' && id !== '');
    const rating = scoreOfStars(stars);
    const payload = { rating, title, body, mediaIds, ...(props.token ? { token: props.token } : {}) };
    setBusy(true);
    setErrors({});
    setAlert(null);
    try {
      const result = existing
        ? await unwrap(api.ugc.reviews[':id'].$put({ param: { id: String(existing.id) }, json: payload }))
        : await unwrap(api.ugc.reviews.$post({ json: { articleId: props.articleId, ...payload } }));
      track(existing ? 'review_edited' : 'review_submitted', { articleId: props.articleId, score: analyticsScore(rating), published: result.state === 'OK', withMedia: mediaIds.length > 0 });
      setAnswer(result);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return fail({}, t`Something went wrong. Please try again.`);
      if (failure.code === 'NICK_REQUIRED') return setHasNick(false);
      const field = (failure.details as { field?: string } | undefined)?.field;
      if ((failure.code === 'UGC_TEXT_TOO_SHORT' || failure.code === 'UGC_TEXT_TOO_LONG') && (field === 'title' || field === 'body')) return fail({ [field]: failure.message }, failure.message);
      const issues = failure.fieldIssues;
      const fields = Object.fromEntries(Object.entries(issues).filter(([path]) => path === 'rating' || path === 'title' || path === 'body')) as Partial<Record<Field, string>>;
      fail(fields, Object.keys(fields).length > 0 ? t`Please correct the highlighted fields.` : failure.message || t`Something went wrong. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  const describe = (field: Field, hint: string) => [hint, errors[field] ? `review-${field}-error` : ''].filter(Boolean).join(' ');
  const titleLength = count(title);
  const bodyLength = count(body);

  return (
    <form ref={form} className="review-form" onSubmit={submit} noValidate>
      <div className="form-alert" role="alert" ref={alertRef} tabIndex={-1}>
        {alert ? <p>{alert}</p> : null}
      </div>
      <fieldset className={`field review-stars${errors.rating ? ' field--invalid' : ''}`} aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend>
          <Trans>Your rating</Trans>
        </legend>
        <div className="review-stars__choices">
          {STAR_CHOICES.map((choice) => (
            <label key={choice} className="review-stars__choice">
              <input type="radio" name="rating" value={scoreOfStars(choice)} checked={stars === choice} required onChange={() => setStars(choice)} aria-invalid={errors.rating ? true : undefined} />
              <span className="review-stars__icon" aria-hidden="true">
                {'★'.repeat(choice)}
              </span>
              <span className="review-stars__label">
                <Plural value={choice} one="# star" other="# stars" />
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p className="field__error" id="review-rating-error">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <div className={`field${errors.title ? ' field--invalid' : ''}`}>
        <label htmlFor="review-title">
          <Trans>Title</Trans>
        </label>
        <input
          id="review-title"
          name="title"
          required
          minLength={3}
          maxLength={REVIEW_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe('title', 'review-title-count')}
        />
        <p className="field__hint review-form__count" id="review-title-count">
          <Trans>
            {titleLength} of {REVIEW_TITLE_MAX} characters
          </Trans>
        </p>
        {errors.title ? (
          <p className="field__error" id="review-title-error">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className={`field${errors.body ? ' field--invalid' : ''}`}>
        <label htmlFor="review-body">
          <Trans>Your review</Trans>
        </label>
        <p className="field__hint" id="review-body-hint">
          <Trans>What did you like or dislike? How do you use it? At least {REVIEW_BODY_MIN} characters; links and contact details are checked by our team before publication.</Trans>
        </p>
        <textarea
          id="review-body"
          name="body"
          required
          minLength={REVIEW_BODY_MIN}
          maxLength={REVIEW_BODY_MAX}
          rows={8}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describe('body', 'review-body-hint review-body-count')}
        />
        <p className="field__hint review-form__count" id="review-body-count">
          <Trans>
            {bodyLength} of {REVIEW_BODY_MAX} characters
          </Trans>
        </p>
        {errors.body ? (
          <p className="field__error" id="review-body-error">
            {errors.body}
          </p>
        ) : null}
      </div>
      {/* Uploads belong to a signed-in account: an invitation without a session writes text only. */}
      {props.token ? null : (
        <div className="review-form__media">
          <MediaPicker name="mediaIds" max={props.maxMedia} initial={existing?.media ?? []} />
          <p className="field__hint">
            <Trans>Reviews with photos or videos are published once our team has checked them.</Trans>
          </p>
        </div>
      )}
      <button className="button button--primary" type="submit" disabled={busy}>
        {existing ? <Trans>Save changes</Trans> : <Trans>Publish review</Trans>}
      </button>
    </form>
  );
}
