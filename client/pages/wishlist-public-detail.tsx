/**
 * A public list for anyone (spec §2 /lista-de-deseos/{wishlist}): its name, who made it (by
 * nickname only), its products with the price now, "copy to my lists" (sign-in first) and "add
 * all to the basket".
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import WishlistCopy from '../islands/wishlist-copy';
import WishlistItems from '../islands/wishlist-items';
import type { ListArticle } from '../islands/wishlist-labels';

export interface WishlistPublicDetailData {
  list: { publicId: string; name: string; count: number; units: number; total: number; updatedAt: number; owner: string | null };
  articles: ListArticle[];
  signedIn: boolean;
  isOwner: boolean;
}

export default function WishlistPublicDetailPage({ data }: { data: WishlistPublicDetailData }) {
  const link = useHref();
  const { language } = useStore();
  const { list } = data;
  const owner = list.owner;
  const here = link('wishlistPublicDetail', { wishlist: list.publicId });
  const total = formatMoney(list.total, language);
  return (
    <div className="wishlist-public-detail">
      <h1>{list.name}</h1>
      <p className="wishlist-public-detail__meta">
        {owner ? <Trans>A list by {owner}.</Trans> : <Trans>A list shared by an Ampora customer.</Trans>}{' '}
        <Trans>
          {list.count} products, {total} at today's prices.
        </Trans>
      </p>
      {data.isOwner ? null : <Island name="wishlist-copy" component={WishlistCopy} props={{ publicId: list.publicId, name: list.name, signedIn: data.signedIn, loginHref: `${link('login')}?next=${encodeURIComponent(here)}` }} />}
      <Island name="wishlist-items" component={WishlistItems} props={{ publicId: list.publicId, listName: list.name, articles: data.articles }} />
    </div>
  );
}
