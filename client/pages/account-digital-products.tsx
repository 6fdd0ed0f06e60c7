/**
 * accountDigitalProducts (spec §2 digital products list): the digital articles the customer
 * bought, newest first, one entry per article with its platform, the orders it came in, how many
 * of its keys are waiting for the release date, ready to reveal, revealed or cancelled, and a link
 * to the keys screen. No script.
 */
import { Plural, Trans } from '@lingui/react/macro';
import { useHref, useStore } from '../components/store-context';
import { formatShortDate } from '../i18n/format';
import { AccountFrame, type AccountFrameData } from './account';

export interface DigitalProduct {
  articleId: number;
  name: string;
  platform: string;
  guideUrl: string | null;
  /** ISO, while the article is still to be released. */
  releaseDate: string | null;
  counts: { presale: number; ready: number; revealed: number; cancelled: number };
  orders: string[];
}

export interface AccountDigitalProductsData {
  frame: AccountFrameData;
  products: DigitalProduct[];
}

export default function AccountDigitalProductsPage({ data }: { data: AccountDigitalProductsData }) {
  const link = useHref();
  const { language } = useStore();
  const detail = link('accountOrderDetail');
  return (
    <AccountFrame frame={data.frame} title={<Trans>Digital products</Trans>}>
      {data.products.length === 0 ? (
        <div className="account-card" data-empty>
          <p>
            <Trans>You have not bought any digital products yet. Video games and programs in digital format are delivered as a key in your account.</Trans>
          </p>
        </div>
      ) : (
        <ul className="digital-products">
          {data.products.map((product) => {
            const { presale, ready, revealed, cancelled } = product.counts;
            const date = product.releaseDate ? formatShortDate(product.releaseDate, language) : '';
            return (
              <li key={product.articleId} className="account-card digital-product" data-digital-product={product.articleId}>
                <h2 className="digital-key__name">{product.name}</h2>
                <dl className="digital-key__facts">
                  <div>
                    <dt>
                      <Trans>Platform</Trans>
                    </dt>
                    <dd>{product.platform}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Orders</Trans>
                    </dt>
                    <dd>
                      {product.orders.map((order, index) => (
                        <span key={order}>
                          {index > 0 ? ', ' : null}
                          <a href={`${detail}?order=${encodeURIComponent(order)}`}>{order}</a>
                        </span>
                      ))}
                    </dd>
                  </div>
                </dl>
                <ul className="digital-product__states">
                  {presale > 0 ? (
                    <li>
                      <Plural value={presale} one="# key waiting for the release date" other="# keys waiting for the release date" />{' '}
                      <Trans>
                        (available from <time dateTime={product.releaseDate ?? undefined}>{date}</time>)
                      </Trans>
                    </li>
                  ) : null}
                  {ready > 0 ? (
                    <li>
                      <Plural value={ready} one="# key ready to reveal" other="# keys ready to reveal" />
                    </li>
                  ) : null}
                  {revealed > 0 ? (
                    <li>
                      <Plural value={revealed} one="# key revealed" other="# keys revealed" />
                    </li>
                  ) : null}
                  {cancelled > 0 ? (
                    <li>
                      <Plural value={cancelled} one="# key cancelled with its order" other="# keys cancelled with their order" />
                    </li>
                  ) : null}
                </ul>
                <p className="digital-product__links">
                  <a href={link('accountDigitalKeys')}>
                    <Trans>See the keys</Trans>
                  </a>
                  {product.guideUrl ? (
                    <>
                      {' · '}
                      <a href={product.guideUrl} rel="noopener noreferrer">
                        <Trans>How to activate a key on {product.platform}</Trans>
                      </a>
                    </>
                  ) : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </AccountFrame>
  );
}
