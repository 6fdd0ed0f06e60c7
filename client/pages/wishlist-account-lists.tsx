/**
 * The account's lists (spec §2 /mis-listas-de-deseos): each list's name, visibility, number of
 * products, total at today's prices and creation date, with the actions of the
 * `wishlist-lists` island (create, rename, private/public, share link, delete).
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import WishlistLists from '../islands/wishlist-lists';
import type { ListSummary } from '../islands/wishlist-labels';
import { AccountFrame, type AccountFrameData } from './account';

export interface WishlistAccountListsData {
  frame: AccountFrameData;
  lists: ListSummary[];
  origin: string;
}

export default function WishlistAccountListsPage({ data }: { data: WishlistAccountListsData }) {
  return (
    <AccountFrame frame={data.frame} title={<Trans>Wishlists</Trans>}>
      <p>
        <Trans>Keep products for later in private lists, or make a list public and share its link with anyone.</Trans>
      </p>
      <Island name="wishlist-lists" component={WishlistLists} props={{ lists: data.lists, origin: data.origin }} />
    </AccountFrame>
  );
}
