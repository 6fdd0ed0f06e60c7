/**
 * Island: the customer's lists (/mis-listas-de-deseos). Creates a list, and for each one renames
 * it, switches it between private and public, copies the share link of a public one, and deletes
 * it after a confirmation. Every result is announced in the status region; errors go to the
 * form's alert and the focus moves to what needs attention.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { api, unwrap } from '../api';
import { Field, FormAlert, SelectField, useApiForm } from '../components/forms';
import { useHref, useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import type { ListSummary } from './wishlist-labels';

export interface WishlistListsProps {
  lists: ListSummary[];
  /** The site's origin, for the share links (the same on the server and in the browser). */
  origin: string;
}

export default function WishlistLists({ lists: initial, origin }: WishlistListsProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const [lists, setLists] = useState(initial);
  const [status, setStatus] = useState('');
  const create = useApiForm();
  const [name, setName] = useState('');
  const [type, setType] = useState<'wishlist' | 'basket'>('wishlist');
  const [visibility, setVisibility] = useState<'private' | 'public'>('private');

  async function submitCreate(event: FormEvent) {
    event.preventDefault();
    const created = await create.run(() => unwrap(api.basket.$post({ json: { name, type, visibility } })));
    if (created) {
      setLists((all) => [...all, created]);
      setName('');
      setStatus(t`List “${created.name}” created.`);
    } else document.getElementById('wishlist-new-name')?.focus();
  }

  function replace(updated: ListSummary) {
    setLists((all) => all.map((l) => (l.id === updated.id ? { ...l, ...updated } : l)));
  }

  return (
    <div className="wishlists">
      <p role="status" className="wishlists__status">
        {status}
      </p>
      {lists.length === 0 ? (
        <p>
          <Trans>You have no lists yet. Create one below, or add products with the heart on any product.</Trans>
        </p>
      ) : (
        <ul className="wishlists__list">
          {lists.map((list) => (
            <ListCard key={list.id} list={list} origin={origin} listHref={`${link('accountWishlist')}?list=${list.id}`} publicHref={link('wishlistPublicDetail', { wishlist: list.publicId })} onChange={replace} onDeleted={(gone) => {
              setLists((all) => all.filter((l) => l.id !== gone.id));
              setStatus(t`List “${gone.name}” deleted.`);
              document.getElementById('wishlist-new-name')?.focus();
            }} onStatus={setStatus} money={(cents) => formatMoney(cents, language)} date={(ms) => formatDate(new Date(ms), language, { dateStyle: 'short' })} />
          ))}
        </ul>
      )}
      <form className="wishlists__create account-card" onSubmit={submitCreate} noValidate aria-labelledby="wishlist-new-title">
        <h2 id="wishlist-new-title">
          <Trans>Create a list</Trans>
        </h2>
        <FormAlert message={create.error} />
        <Field id="wishlist-new-name" label={t`Name`} value={name} onChange={setName} required maxLength={80} hint={t`Up to 80 characters.`} error={create.fieldErrors['name']} />
        <SelectField
          id="wishlist-new-type"
          label={t`Type`}
          value={type}
          onChange={(value) => setType(value as 'wishlist' | 'basket')}
          options={[
            { value: 'wishlist', label: t`Wishlist` },
            { value: 'basket', label: t`Saved basket` },
          ]}
        />
        <SelectField
          id="wishlist-new-visibility"
          label={t`Who can see it`}
          value={visibility}
          onChange={(value) => setVisibility(value as 'private' | 'public')}
          options={[
            { value: 'private', label: t`Only me (private)` },
            { value: 'public', label: t`Anyone with the link (public)` },
          ]}
        />
        <button className="button" type="submit" disabled={create.busy}>
          <Trans>Create list</Trans>
        </button>
      </form>
    </div>
  );
}

interface ListCardProps {
  list: ListSummary;
  origin: string;
  listHref: string;
  publicHref: string;
  onChange: (list: ListSummary) => void;
  onDeleted: (list: ListSummary) => void;
  onStatus: (message: string) => void;
  money: (cents: number) => string;
  date: (ms: number) => string;
}

function ListCard({ list, origin, listHref, publicHref, onChange, onDeleted, onStatus, money, date }: ListCardProps) {
  const { t } = useLingui();
  const form = useApiForm();
  const [renaming, setRenaming] = useState(false);
  const [newName, setNewName] = useState(list.name);
  const [confirming, setConfirming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const prefix = `wishlist-${list.id}`;
  const shareLink = `${origin}${publicHref}`;
  const isPublic = list.visibility === 'public';

  async function rename(event: FormEvent) {
    event.preventDefault();
    const updated = await form.run(() => unwrap(api.basket[':id'].$patch({ param: { id: String(list.id) }, json: { name: newName } })));
    if (updated) {
      onChange(updated);
      setRenaming(false);
      onStatus(t`List renamed to “${updated.name}”.`);
      queueMicrotask(() => renameButton.current?.focus());
    } else document.getElementById(`${prefix}-name`)?.focus();
  }

  async function toggleVisibility() {
    const updated = await form.run(() => unwrap(api.basket[':id'].$patch({ param: { id: String(list.id) }, json: { visibility: isPublic ? 'private' : 'public' } })));
    if (updated) {
      onChange(updated);
      onStatus(updated.visibility === 'public' ? t`“${updated.name}” is now public: anyone with the link can see it.` : t`“${updated.name}” is now private: only you can see it.`);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(shareLink);
      onStatus(t`Link copied.`);
    } catch {
      (document.getElementById(`${prefix}-share`) as HTMLInputElement | null)?.select();
      onStatus(t`Select the link and copy it.`);
    }
  }

  async function remove() {
    const done = await form.run(() => unwrap(api.basket[':id'].$delete({ param: { id: String(list.id) } })));
    if (done) onDeleted(list);
  }

  const visibilityLabel = isPublic ? t`Public` : t`Private`;
  return (
    <li className="wishlists__item account-card" data-list-id={list.id} data-visibility={list.visibility}>
      <h2 className="wishlists__name">
        <a href={listHref}>{list.name}</a>
      </h2>
      <dl className="wishlists__facts">
        <div>
          <dt>
            <Trans>Visibility</Trans>
          </dt>
          <dd>{visibilityLabel}</dd>
        </div>
        <div>
          <dt>
            <Trans>Products</Trans>
          </dt>
          <dd data-count={list.count}>{list.count}</dd>
        </div>
        <div>
          <dt>
            <Trans>Total now</Trans>
          </dt>
          <dd>{money(list.total)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Created</Trans>
          </dt>
          <dd>
            <time dateTime={new Date(list.createdAt).toISOString()}>{date(list.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <FormAlert message={form.error} />
      {isPublic ? (
        <div className="wishlists__share">
          <label htmlFor={`${prefix}-share`}>
            <Trans>Share link</Trans>
          </label>
          <div className="wishlists__share-row">
            <input id={`${prefix}-share`} type="url" readOnly value={shareLink} />
            <button type="button" className="button button--secondary" onClick={copyLink}>
              <Trans>Copy link</Trans>
              <span className="visually-hidden"> “{list.name}”</span>
            </button>
          </div>
        </div>
      ) : null}
      {renaming ? (
        <form className="wishlists__rename" onSubmit={rename} noValidate>
          <Field id={`${prefix}-name`} label={t`New name for “${list.name}”`} value={newName} onChange={setNewName} required maxLength={80} error={form.fieldErrors['name']} autoFocus />
          <button type="submit" className="button" disabled={form.busy}>
            <Trans>Save name</Trans>
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setRenaming(false)}>
            <Trans>Cancel</Trans>
          </button>
        </form>
      ) : null}
      {confirming ? (
        <div className="wishlists__confirm" role="group" aria-labelledby={`${prefix}-confirm`}>
          <p id={`${prefix}-confirm`}>
            <Trans>Delete “{list.name}” and its {list.count} products? This cannot be undone.</Trans>
          </p>
          <button type="button" className="button button--danger" onClick={remove} disabled={form.busy} autoFocus>
            <Trans>Yes, delete it</Trans>
          </button>{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setConfirming(false);
              queueMicrotask(() => deleteButton.current?.focus());
            }}
          >
            <Trans>Keep it</Trans>
          </button>
        </div>
      ) : null}
      <div className="wishlists__actions">
        <button ref={renameButton} type="button" className="button button--secondary" onClick={() => setRenaming(true)} aria-label={t`Rename “${list.name}”`}>
          <Trans>Rename</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={toggleVisibility} disabled={form.busy} aria-label={isPublic ? t`Make “${list.name}” private` : t`Make “${list.name}” public`}>
          {isPublic ? <Trans>Make private</Trans> : <Trans>Make public</Trans>}
        </button>
        <button ref={deleteButton} type="button" className="button button--secondary" onClick={() => setConfirming(true)} aria-label={t`Delete “${list.name}”`}>
          <Trans>Delete</Trans>
        </button>
      </div>
    </li>
  );
}
