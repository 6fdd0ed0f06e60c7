/**
 * The public wishlists page (spec §2 /lista-de-deseos): what lists are for, a "find a list by
 * its link" form (a plain GET form: the server goes on to the list), and, for a signed-in
 * customer, their public lists.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useHref } from '../components/store-context';
import type { ListSummary } from '../islands/wishlist-labels';

export interface WishlistPublicData {
  signedIn: boolean;
  publicLists: ListSummary[];
  /** What was typed in the form, when it named no list. */
  link: string;
  linkInvalid: boolean;
}

export default function WishlistPublicPage({ data }: { data: WishlistPublicData }) {
  const { t } = useLingui();
  const link = useHref();
  return (
    <div className="wishlist-public">
      <h1>
        <Trans>Wishlists</Trans>
      </h1>
      <p>
        <Trans>Save the products you like in lists, keep an eye on their prices, and share a list with family and friends: a public list can be seen by anyone with its link, a private one only by you.</Trans>
      </p>
      <form className="wishlist-public__find account-card" method="get" action={link('wishlistPublic')} aria-labelledby="wishlist-find-title">
        <h2 id="wishlist-find-title">
          <Trans>Find a list by its link</Trans>
        </h2>
        <div className={`field${data.linkInvalid ? ' field--invalid' : ''}`}>
          <label htmlFor="wishlist-find-link">
            <Trans>Link of the list</Trans>
          </label>
          <input id="wishlist-find-link" name="link" type="text" defaultValue={data.link} required aria-invalid={data.linkInvalid || undefined} aria-describedby={data.linkInvalid ? 'wishlist-find-link-error' : undefined} />
          {data.linkInvalid ? (
            <p className="field__error" id="wishlist-find-link-error">
              {t`This is not the link of a list. Paste the whole link you were sent.`}
            </p>
          ) : null}
        </div>
        <button className="button" type="submit">
          <Trans>Open the list</Trans>
        </button>
      </form>
      {data.signedIn ? (
        <section aria-labelledby="wishlist-mine-title">
          <h2 id="wishlist-mine-title">
            <Trans>My public lists</Trans>
          </h2>
          {data.publicLists.length === 0 ? (
            <p>
              <Trans>You have no public lists.</Trans>
            </p>
          ) : (
            <ul>
              {data.publicLists.map((list) => (
                <li key={list.id}>
                  <a href={link('wishlistPublicDetail', { wishlist: list.publicId })}>{list.name}</a>
                </li>
              ))}
            </ul>
          )}
          <p>
            <a href={link('accountWishlists')}>
              <Trans>Manage my lists</Trans>
            </a>
          </p>
        </section>
      ) : (
        <p>
          <a href={`${link('login')}?next=${encodeURIComponent(link('accountWishlists'))}`}>
            <Trans>Sign in to create your lists</Trans>
          </a>
        </p>
      )}
    </div>
  );
}
