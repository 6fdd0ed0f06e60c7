/**
 * The saved cards screen of the account area (spec §2 /tarjetas under /usuarios/panel): the
 * cards the provider keeps for the customer, removable, and a card to add. The list is rendered
 * by the server; removing and adding need the island (and the provider's card form).
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import StoredCards, { type StoredCardsProps } from '../islands/stored-cards';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountCardsData {
  frame: AccountFrameData;
  cards: StoredCardsProps;
}

export default function AccountCardsPage({ data }: { data: AccountCardsData }) {
  return (
    <AccountFrame frame={data.frame} title={<Trans>Saved cards</Trans>}>
      <p>
        <Trans>Your cards are kept by our payment provider, not by us. Choose one when you pay to skip typing its details.</Trans>
      </p>
      <noscript>
        <p className="notification notification--warning">
          <Trans>Adding or removing a card needs JavaScript. Turn it on in your browser and reload the page.</Trans>
        </p>
      </noscript>
      {/* Back from the bank's 3-D Secure page: the result is sent as soon as the page loads. */}
      <Island name="stored-cards" component={StoredCards} props={data.cards} hydrate={data.cards.redirectResult ? 'load' : 'interaction'} />
    </AccountFrame>
  );
}
