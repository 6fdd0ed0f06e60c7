/** The footer: content links and the physical shops. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useHref, useStore } from './store-context';

/** Each channel's store by the name of its country in its own language. */
const COUNTRY_NAMES: Record<string, string> = { ES: 'España', PT: 'Portugal', FR: 'France', IT: 'Italia', DE: 'Deutschland' };

/** The four physical shops (spec §9), by the name used in their page address. */
const SHOPS = [
  { name: 'madrid', label: 'Madrid' },
  { name: 'murcia', label: 'Murcia' },
  { name: 'barcelona', label: 'Barcelona' },
  { name: 'murcia-thader', label: 'Murcia Thader' },
];

export function Footer() {
  const { t } = useLingui();
  const link = useHref();
  const { channelLinks = [] } = useStore();
  return (
    <footer className="site-footer">
      {channelLinks.length > 0 ? (
        <nav aria-label={t`Ampora in other countries`}>
          <ul>
            {channelLinks.map((other) => (
              <li key={other.id}>
                <a href={other.href} hrefLang={other.id.toLowerCase()}>
                  {COUNTRY_NAMES[other.id] ?? other.id}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
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
    </footer>
  );
}
