/** The footer: every store and its languages, content links and the physical shops. */
import { Trans, useLingui } from '@lingui/react/macro';
import { CHROME, Part } from './part';
import { StoreDirectory } from './store-selector';
import { useHref } from './store-context';

/** The four physical shops (spec §9), by the name used in their page address. */
const SHOPS = [
  { name: 'madrid', label: 'Madrid' },
  { name: 'murcia', label: 'Murcia' },
  { name: 'barcelona', label: 'Barcelona' },
  { name: 'murcia-thader', label: 'Murcia Thader' },
];

/** The store directory names this page in the other stores; the rest is a pre-rendered part. */
export function Footer() {
  return (
    <footer className="site-footer">
      <StoreDirectory />
      <Part of={CHROME} variant="footer">
        <FooterLinks />
      </Part>
    </footer>
  );
}

function FooterLinks() {
  const { t } = useLingui();
  const link = useHref();
  return (
    <>
      <nav aria-label={t`Store information`}>
        <ul>
          <li>
            <a href={link('blog')}>
              <Trans>Blog</Trans>
            </a>
          </li>
          <li>
            <a href={link('brands')}>
              <Trans>All brands</Trans>
            </a>
          </li>
          <li>
            <a href={link('giftCards')}>
              <Trans>Gift cards</Trans>
            </a>
          </li>
          <li>
            <a href={link('rewards')}>
              <Trans>Rewards</Trans>
            </a>
          </li>
        </ul>
      </nav>
      <nav aria-label={t`Our shops`}>
        <ul>
          {SHOPS.map((shop) => (
            <li key={shop.name}>
              <a href={link('shop', { name: shop.name })}>{shop.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <Trans>© 2026 Ampora. Prices include VAT.</Trans>
      </p>
    </>
  );
}
