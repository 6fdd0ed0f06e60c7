/**
 * One of the customer's lists (spec §2 /mi-lista-de-deseos?list=<id>; the default list without
 * `list`): its articles with the price now and when added, availability and units, through the
 * `wishlist-items` island (remove, move all to the basket, copy into another list).
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref } from '../components/store-context';
import WishlistItems from '../islands/wishlist-items';
import type { ListArticle, ListSummary } from '../islands/wishlist-labels';
import { AccountFrame, type AccountFrameData } from './account';

export interface WishlistAccountData {
  frame: AccountFrameData;
  /** Null when the customer has no list yet. */
  detail: { list: ListSummary; articles: ListArticle[] } | null;
  otherLists: { id: number; name: string }[];
}

export default function WishlistAccountPage({ data }: { data: WishlistAccountData }) {
  const link = useHref();
  const { detail } = data;
  if (!detail) {
    return (
      <AccountFrame frame={data.frame} title={<Trans>My wishlist</Trans>}>
        <p>
          <Trans>You have no lists yet. Press the heart on any product to start your wishlist.</Trans>
        </p>
        <p>
          <a href={link('accountWishlists')}>
            <Trans>Create a list</Trans>
          </a>
        </p>
      </AccountFrame>
    );
  }
  const { list } = detail;
  return (
    <AccountFrame frame={data.frame} title={list.name}>
      <p className="wishlist-account__meta">
        {list.visibility === 'public' ? (
          <Trans>
            Public list: anyone with <a href={link('wishlistPublicDetail', { wishlist: list.publicId })}>its link</a> can see it.
          </Trans>
        ) : (
          <Trans>Private list: only you can see it.</Trans>
        )}{' '}
        <a href={link('accountWishlists')}>
          <Trans>All my lists</Trans>
        </a>
      </p>
      <Island name="wishlist-items" component={WishlistItems} props={{ listId: list.id, publicId: list.publicId, listName: list.name, articles: detail.articles, otherLists: data.otherLists }} />
    </AccountFrame>
  );
}
