/**
 * The design system's component sheet (docs/design-system.md): every shared class of
 * client/styles/app.css in each of its states, then a light and a dark copy side by side.
 * Server-rendered only, no island: what it shows must work without JavaScript. States that
 * need a pointer or the keyboard (hover, focus, pressed) are shown with the `is-hover`,
 * `is-focus` and `is-active` classes, which app.css styles like the real states.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatMoney } from '../i18n/format';
import { useStore } from '../components/store-context';

/** Nothing to load: the page is the same for every visitor of a language. */
export type DesignSystemData = Record<string, never>;

const COLOR_TOKENS = ['bg', 'surface', 'surface-2', 'ink', 'muted', 'line', 'brand', 'brand-ink', 'on-brand', 'accent', 'ok', 'ok-soft', 'warn', 'warn-soft', 'bad', 'bad-soft', 'focus'] as const;
const TYPE_TOKENS = ['2xl', 'xl', 'l', 'm', 's', 'xs'] as const;
const SPACE_TOKENS = [1, 2, 3, 4, 5, 6, 7] as const;
const RADIUS_TOKENS = ['s', 'm', 'l', 'pill'] as const;
const SHADOW_TOKENS = [1, 2, 3] as const;

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="ds-section" aria-labelledby={`ds-${id}`}>
      <h2 id={`ds-${id}`}>{title}</h2>
      {children}
    </section>
  );
}

function Buttons({ prefix }: { prefix: string }) {
  const { t } = useLingui();
  const variants = [
    { className: 'button', label: t`Default` },
    { className: 'button button--primary', label: t`Primary` },
    { className: 'button button--secondary', label: t`Secondary` },
    { className: 'button button--ghost', label: t`Ghost` },
    { className: 'button button--danger', label: t`Danger` },
  ];
  return (
    <div className="table-scroll">
      <table className="table table--compact ds-states">
        <caption>
          <Trans>Buttons in each state</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Variant</Trans>
            </th>
            <th scope="col">
              <Trans>Rest</Trans>
            </th>
            <th scope="col">
              <Trans>Hover</Trans>
            </th>
            <th scope="col">
              <Trans>Focus</Trans>
            </th>
            <th scope="col">
              <Trans>Pressed</Trans>
            </th>
            <th scope="col">
              <Trans>Disabled</Trans>
            </th>
            <th scope="col">
              <Trans>Loading</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => (
            <tr key={`${prefix}-${variant.className}`}>
              <th scope="row">
                <code>.{variant.className.split(' ').at(-1)}</code>
              </th>
              <td>
                <button type="button" className={variant.className}>
                  {variant.label}
                </button>
              </td>
              <td>
                <button type="button" className={`${variant.className} is-hover`}>
                  {variant.label}
                </button>
              </td>
              <td>
                <button type="button" className={`${variant.className} is-focus`}>
                  {variant.label}
                </button>
              </td>
              <td>
                <button type="button" className={`${variant.className} is-active`}>
                  {variant.label}
                </button>
              </td>
              <td>
                <button type="button" className={variant.className} disabled>
                  {variant.label}
                </button>
              </td>
              <td>
                <button type="button" className={variant.className} aria-busy="true" aria-disabled="true">
                  {t`Saving…`}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fields({ prefix }: { prefix: string }) {
  const { t } = useLingui();
  return (
    <div className="ds-grid">
      <div className="field">
        <label htmlFor={`${prefix}-name`}>
          <Trans>Full name</Trans>
        </label>
        <input id={`${prefix}-name`} name="name" type="text" autoComplete="off" placeholder={t`As on your ID`} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-hover`}>
          <Trans>Hover</Trans>
        </label>
        <input id={`${prefix}-hover`} className="is-hover" type="text" defaultValue="Ana García" />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-focus`}>
          <Trans>Focus</Trans>
        </label>
        <input id={`${prefix}-focus`} className="is-focus" type="text" defaultValue="Ana García" />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-email`}>
          <Trans>Email</Trans>
        </label>
        <p className="field__hint" id={`${prefix}-email-hint`}>
          <Trans>We send the order confirmation here.</Trans>
        </p>
        <input id={`${prefix}-email`} type="email" defaultValue="ana@example.com" aria-describedby={`${prefix}-email-hint`} />
      </div>
      <div className="field field--invalid">
        <label htmlFor={`${prefix}-postcode`}>
          <Trans>Postcode</Trans>
        </label>
        <input id={`${prefix}-postcode`} type="text" defaultValue="280" aria-invalid="true" aria-describedby={`${prefix}-postcode-error`} />
        <p className="field__error" id={`${prefix}-postcode-error`}>
          <Trans>Enter a postcode of 5 digits.</Trans>
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-disabled`}>
          <Trans>Disabled</Trans>
        </label>
        <input id={`${prefix}-disabled`} type="text" defaultValue="ES" disabled />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-country`}>
          <Trans>Country</Trans>
        </label>
        <select id={`${prefix}-country`} defaultValue="ES">
          <option value="ES">España</option>
          <option value="PT">Portugal</option>
          <option value="FR">France</option>
          <option value="IT">Italia</option>
          <option value="DE">Deutschland</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-notes`}>
          <Trans>Delivery notes</Trans>
        </label>
        <textarea id={`${prefix}-notes`} rows={3} />
      </div>
      <div className="field field--check">
        <input id={`${prefix}-news`} type="checkbox" defaultChecked />
        <label htmlFor={`${prefix}-news`}>
          <Trans>Send me offers by email</Trans>
        </label>
      </div>
      <div className="field field--check">
        <input id={`${prefix}-gift`} type="checkbox" disabled />
        <label htmlFor={`${prefix}-gift`}>
          <Trans>Gift wrap (not available)</Trans>
        </label>
      </div>
      <div className="field field--check field--invalid">
        <input id={`${prefix}-terms`} type="checkbox" aria-invalid="true" aria-describedby={`${prefix}-terms-error`} />
        <label htmlFor={`${prefix}-terms`}>
          <Trans>I accept the conditions of sale</Trans>
        </label>
        <p className="field__error" id={`${prefix}-terms-error`}>
          <Trans>Accept the conditions to go on.</Trans>
        </p>
      </div>
      <fieldset className="field">
        <legend>
          <Trans>Delivery</Trans>
        </legend>
        <div className="field--check">
          <input id={`${prefix}-home`} type="radio" name={`${prefix}-delivery`} defaultChecked />
          <label htmlFor={`${prefix}-home`}>
            <Trans>To my address</Trans>
          </label>
        </div>
        <div className="field--check">
          <input id={`${prefix}-shop`} type="radio" name={`${prefix}-delivery`} />
          <label htmlFor={`${prefix}-shop`}>
            <Trans>Collect in a shop</Trans>
          </label>
        </div>
      </fieldset>
    </div>
  );
}

function Alerts() {
  return (
    <div className="ds-stack">
      <div className="alert alert--info">
        <strong className="alert__title">
          <Trans>Information</Trans>
        </strong>
        <p>
          <Trans>Orders placed before 6 pm leave the warehouse today.</Trans>
        </p>
      </div>
      <div className="alert alert--ok">
        <p>
          <Trans>Your address has been saved.</Trans>
        </p>
      </div>
      <div className="alert alert--warn">
        <p>
          <Trans>Only 2 left in stock.</Trans>
        </p>
      </div>
      <div className="alert alert--bad">
        <p>
          <Trans>The payment was refused. Try another card.</Trans>
        </p>
      </div>
      <div className="form-alert">
        <p>
          <Trans>Check the fields marked in red.</Trans>
        </p>
      </div>
    </div>
  );
}

function Badges() {
  const { t } = useLingui();
  return (
    <ul className="ds-row" aria-label={t`Badges`}>
      <li>
        <span className="badge">
          <Trans>New</Trans>
        </span>
      </li>
      <li>
        <span className="badge badge--discount">−15 %</span>
      </li>
      <li>
        <span className="badge badge--lowest">
          <Trans>Lowest price in 30 days</Trans>
        </span>
      </li>
      <li>
        <span className="badge badge--premium">
          <Trans>Premium seller</Trans>
        </span>
      </li>
      <li>
        <span className="badge badge--expired">
          <Trans>Expired</Trans>
        </span>
      </li>
      <li>
        <span className="badge badge--campaign">Black Friday</span>
      </li>
      <li>
        <span className="badge badge--seller">
          <Trans>Marketplace</Trans>
        </span>
      </li>
      <li>
        <span className="badge badge--grade">
          <Trans>Refurbished: grade A</Trans>
        </span>
      </li>
    </ul>
  );
}

function Prices() {
  const { language } = useStore();
  return (
    <div className="ds-grid">
      <p className="price">
        <span className="price__now">{formatMoney(34_999, language)}</span>
      </p>
      <p className="price price--deal">
        <span className="price__now">{formatMoney(29_999, language)}</span>{' '}
        <s className="price__was">
          <span className="visually-hidden">
            <Trans>Previous price:</Trans>{' '}
          </span>
          {formatMoney(34_999, language)}
        </s>{' '}
        <span className="badge badge--discount">−14 %</span>
      </p>
      <p className="price price--large">
        <span className="price__now">{formatMoney(129_900, language)}</span>
      </p>
      <p className="price price--none">
        <Trans>Not sold in this country</Trans>
      </p>
    </div>
  );
}

function Steps() {
  const { t } = useLingui();
  return (
    <ol className="steps" aria-label={t`Checkout steps`}>
      <li className="steps__item steps__item--done">
        <span className="steps__label">
          <Trans>Basket</Trans>
        </span>
      </li>
      <li className="steps__item steps__item--done">
        <span className="steps__label">
          <Trans>Address</Trans>
        </span>
      </li>
      <li className="steps__item" aria-current="step">
        <span className="steps__label">
          <Trans>Delivery</Trans>
        </span>
      </li>
      <li className="steps__item">
        <span className="steps__label">
          <Trans>Payment</Trans>
        </span>
      </li>
    </ol>
  );
}

/** One small copy of the main components: shown twice, in the light and in the dark theme. */
function ThemeSample({ prefix }: { prefix: string }) {
  const { language } = useStore();
  const { t } = useLingui();
  return (
    <div className="ds-stack">
      <div className="ds-row">
        <button type="button" className="button button--primary">
          <Trans>Add to basket</Trans>
        </button>
        <button type="button" className="button button--secondary">
          <Trans>Secondary</Trans>
        </button>
        <button type="button" className="button button--ghost">
          <Trans>Ghost</Trans>
        </button>
      </div>
      <p className="price price--deal">
        <span className="price__now">{formatMoney(29_999, language)}</span>{' '}
        <s className="price__was">
          <span className="visually-hidden">
            <Trans>Previous price:</Trans>{' '}
          </span>
          {formatMoney(34_999, language)}
        </s>
      </p>
      <p className="ds-row">
        <span className="badge badge--discount">−14 %</span> <span className="badge badge--lowest">{t`Lowest price in 30 days`}</span>{' '}
        <span className="availability availability--ok">
          <Trans>In stock</Trans>
        </span>
      </p>
      <div className="field field--invalid">
        <label htmlFor={`${prefix}-voucher`}>
          <Trans>Voucher code</Trans>
        </label>
        <input id={`${prefix}-voucher`} type="text" defaultValue="BF-2025" aria-invalid="true" aria-describedby={`${prefix}-voucher-error`} />
        <p className="field__error" id={`${prefix}-voucher-error`}>
          <Trans>This voucher has expired.</Trans>
        </p>
      </div>
      <div className="alert alert--warn">
        <p>
          <Trans>Only 2 left in stock.</Trans>
        </p>
      </div>
      <div className="card">
        <p>
          <Trans>A card on the surface colour, with its line and first elevation.</Trans>
        </p>
      </div>
    </div>
  );
}

export default function DesignSystemPage(_props: { data: DesignSystemData }) {
  const { t } = useLingui();
  const { language } = useStore();
  return (
    <div className="design-system">
      <h1>
        <Trans>Design system</Trans>
      </h1>
      <p className="ds-lead">
        <Trans>Every shared component of the store in each of its states, with the tokens they are built from. This page is for the team: search engines do not index it.</Trans>
      </p>
      <nav aria-label={t`Sections`}>
        <ul className="ds-row ds-toc">
          <li>
            <a href="#ds-tokens">
              <Trans>Tokens</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-buttons">
              <Trans>Buttons</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-fields">
              <Trans>Fields</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-messages">
              <Trans>Alerts and toasts</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-commerce">
              <Trans>Badges, prices and cards</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-tables">
              <Trans>Tables</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-steps">
              <Trans>Steps</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-overlays">
              <Trans>Modal and drawer</Trans>
            </a>
          </li>
          <li>
            <a href="#ds-themes">
              <Trans>Light and dark</Trans>
            </a>
          </li>
        </ul>
      </nav>

      <Section id="tokens" title={<Trans>Tokens</Trans>}>
        <h3>
          <Trans>Colours</Trans>
        </h3>
        <ul className="ds-swatches">
          {COLOR_TOKENS.map((name) => (
            <li key={name}>
              <span className={`ds-swatch ds-swatch--${name}`} aria-hidden="true" />
              <code>--color-{name}</code>
            </li>
          ))}
        </ul>
        <h3>
          <Trans>Type scale</Trans>
        </h3>
        <ul className="ds-list">
          {TYPE_TOKENS.map((name) => (
            <li key={name} className={`ds-type--${name}`}>
              <code>--font-size-{name}</code> <Trans>Fast delivery on thousands of products</Trans>
            </li>
          ))}
        </ul>
        <h3>
          <Trans>Spacing</Trans>
        </h3>
        <ul className="ds-list">
          {SPACE_TOKENS.map((step) => (
            <li key={step} className="ds-space">
              <code>--space-{step}</code>
              <span className={`ds-space__bar ds-space--${step}`} aria-hidden="true" />
            </li>
          ))}
        </ul>
        <h3>
          <Trans>Radii and elevation</Trans>
        </h3>
        <ul className="ds-row ds-boxes">
          {RADIUS_TOKENS.map((name) => (
            <li key={name} className={`ds-box ds-radius--${name}`}>
              <code>--radius-{name}</code>
            </li>
          ))}
          {SHADOW_TOKENS.map((level) => (
            <li key={level} className={`ds-box ds-shadow--${level}`}>
              <code>--shadow-{level}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="buttons" title={<Trans>Buttons</Trans>}>
        <Buttons prefix="ds-b" />
        <p>
          <button type="button" className="button button--primary button--block">
            <Trans>Add to basket</Trans>
          </button>
        </p>
        <p className="field__hint">
          <code>.button--block</code> <Trans>fills its container: the main action on a phone.</Trans>
        </p>
      </Section>

      <Section id="fields" title={<Trans>Fields</Trans>}>
        <Fields prefix="ds-f" />
      </Section>

      <Section id="messages" title={<Trans>Alerts and toasts</Trans>}>
        <Alerts />
        <h3>
          <Trans>Toasts</Trans>
        </h3>
        <div className="toasts ds-toasts">
          <div className="toast toast--success" role="status">
            <span>
              <Trans>Added to your basket.</Trans>
            </span>
            <button type="button" className="toast__close" aria-label={t`Close notification`}>
              ×
            </button>
          </div>
          <div className="toast toast--error" role="status">
            <span>
              <Trans>We could not add it. Try again.</Trans>
            </span>
            <button type="button" className="toast__close" aria-label={t`Close notification`}>
              ×
            </button>
          </div>
          <div className="toast" role="status">
            <span>
              <Trans>Your list has been shared.</Trans>
            </span>
            <button type="button" className="toast__close" aria-label={t`Close notification`}>
              ×
            </button>
          </div>
        </div>
      </Section>

      <Section id="commerce" title={<Trans>Badges, prices and cards</Trans>}>
        <h3>
          <Trans>Badges</Trans>
        </h3>
        <Badges />
        <h3>
          <Trans>Price block</Trans>
        </h3>
        <Prices />
        <h3>
          <Trans>Cards</Trans>
        </h3>
        <ul className="ds-grid ds-cards">
          <li className="card">
            <h4>
              <code>.card</code>
            </h4>
            <p>
              <Trans>Line and first elevation.</Trans>
            </p>
          </li>
          <li className="card card--flat">
            <h4>
              <code>.card--flat</code>
            </h4>
            <p>
              <Trans>Surface colour, no line.</Trans>
            </p>
          </li>
          <li className="card card--raised">
            <h4>
              <code>.card--raised</code>
            </h4>
            <p>
              <Trans>Second elevation.</Trans>
            </p>
          </li>
          <li>
            <a className="card" href="#ds-commerce">
              <strong>a.card</strong>
              <span className="ds-block">
                <Trans>A link card lifts on hover.</Trans>
              </span>
            </a>
          </li>
        </ul>
      </Section>

      <Section id="tables" title={<Trans>Tables</Trans>}>
        <table className="table table--zebra table--stack">
          <caption>
            <Trans>Other sellers (rows become blocks on a phone)</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Seller</Trans>
              </th>
              <th scope="col">
                <Trans>Delivery</Trans>
              </th>
              <th scope="col" className="table__num">
                <Trans>Price</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {[
              ['Ampora', t`Tomorrow`, 29_999],
              ['TecnoStore', t`In 2–3 days`, 30_450],
              ['Gadget Hub', t`In 4–6 days`, 31_990],
            ].map(([seller, delivery, price]) => (
              <tr key={seller as string}>
                <th scope="row" data-label={t`Seller`}>
                  {seller}
                </th>
                <td data-label={t`Delivery`}>{delivery}</td>
                <td data-label={t`Price`} className="table__num">
                  {formatMoney(price as number, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="table table--compact">
          <caption>
            <Trans>Compact</Trans>
          </caption>
          <tbody>
            <tr>
              <th scope="row">
                <Trans>Screen</Trans>
              </th>
              <td>6.7″ OLED, 120 Hz</td>
            </tr>
            <tr>
              <th scope="row">
                <Trans>Memory</Trans>
              </th>
              <td>256 GB</td>
            </tr>
            <tr>
              <th scope="row">
                <Trans>Weight</Trans>
              </th>
              <td>187 g</td>
            </tr>
          </tbody>
        </table>
      </Section>

      <Section id="steps" title={<Trans>Steps</Trans>}>
        <Steps />
        <p className="field__hint">
          <Trans>Done steps show a tick, the current one is orange; on a phone only the current step keeps its name in view.</Trans>
        </p>
      </Section>

      <Section id="overlays" title={<Trans>Modal and drawer</Trans>}>
        <h3>
          <Trans>Modal</Trans>
        </h3>
        <div className="ds-backdrop">
          <div className="modal modal--preview">
            <p className="modal__title">
              <strong>
                <Trans>Remove this card?</Trans>
              </strong>
            </p>
            <p>
              <Trans>You can add it again when you pay.</Trans>
            </p>
            <div className="modal__actions">
              <button type="button" className="button button--ghost">
                <Trans>Cancel</Trans>
              </button>
              <button type="button" className="button button--danger">
                <Trans>Remove</Trans>
              </button>
            </div>
          </div>
        </div>
        <h3>
          <Trans>Drawer</Trans>
        </h3>
        <details className="drawer">
          <summary className="button button--secondary">
            <Trans>Open the drawer</Trans>
          </summary>
          <div className="drawer__panel">
            <div className="drawer__head">
              <p className="drawer__title">
                <strong>
                  <Trans>Categories</Trans>
                </strong>
              </p>
            </div>
            <ul className="ds-list">
              <li>
                <a href="#ds-overlays">
                  <Trans>Computers</Trans>
                </a>
              </li>
              <li>
                <a href="#ds-overlays">
                  <Trans>Phones</Trans>
                </a>
              </li>
              <li>
                <a href="#ds-overlays">
                  <Trans>Gaming</Trans>
                </a>
              </li>
            </ul>
            <p className="field__hint">
              <Trans>Tap outside the panel to close it. It works without JavaScript.</Trans>
            </p>
          </div>
        </details>
      </Section>

      <Section id="themes" title={<Trans>Light and dark</Trans>}>
        <p>
          <Trans>The same components with the light and the dark tokens. The store follows the visitor’s system setting.</Trans>
        </p>
        <div className="ds-themes">
          <div className="theme-light ds-theme">
            <h3>
              <Trans>Light</Trans>
            </h3>
            <ThemeSample prefix="ds-light" />
          </div>
          <div className="theme-dark ds-theme">
            <h3>
              <Trans>Dark</Trans>
            </h3>
            <ThemeSample prefix="ds-dark" />
          </div>
        </div>
      </Section>
    </div>
  );
}
