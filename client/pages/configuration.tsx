/**
 * A ready-made PC configuration (configurator preset), read-only: its components in their roles
 * with today's price and availability on the channel, the total, and whether the build can be
 * bought now. Plain table and links; the configurator opens with its parts to change them.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { Availability, ProductImage } from '../components/product-bits';
import { useStore } from '../components/store-context';
import { SLOT_NAMES } from '../configurator/labels';
import { formatMoney } from '../i18n/format';
import { slugHref } from '../routes';
import type { ComponentRole, PresetDetail } from '../../worker/db/configurator';
import type { ConfigurationSummary } from '../../worker/domain/catalogue/configuration';

export interface ConfigurationData {
  breadcrumbs: Crumb[];
  preset: PresetDetail;
  summary: ConfigurationSummary;
  /** The configurator opened with this configuration's parts, to change them. */
  configuratorHref: string;
}

/** A preset's roles are the configurator's slots (its memory role is called `ram`). */
const ROLE_LABELS: Record<ComponentRole, MessageDescriptor> = { ...SLOT_NAMES, ram: SLOT_NAMES.memory };

const COLUMNS: MessageDescriptor[] = [msg`Component`, msg`Product`, msg`Units`, msg`Unit price`, msg`Price`, msg`Availability`];

const STATUS: Record<ConfigurationSummary['status'], { text: MessageDescriptor; tone: 'ok' | 'warn' | 'bad' }> = {
  ready: { text: msg`Every component is in stock.`, tone: 'ok' },
  delayed: { text: msg`Some components are on order: the build ships when they arrive.`, tone: 'warn' },
  incomplete: { text: msg`Some components cannot be bought right now.`, tone: 'bad' },
};

export default function ConfigurationPage({ data }: { data: ConfigurationData }) {
  const { i18n } = useLingui();
  const { language, channel } = useStore();
  const { preset, summary } = data;
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, language));
  const status = STATUS[summary.status];
  return (
    <article className="configuration" data-preset-id={preset.id}>
      <Breadcrumbs crumbs={data.breadcrumbs} />
      <h1>{preset.name}</h1>
      {preset.description ? <p className="configuration__intro">{preset.description}</p> : null}
      <table className="configuration__parts">
        <caption>
          <Trans>Components of this configuration</Trans>
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((label) => (
              <th scope="col" key={label.id}>
                {i18n._(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preset.components.map(({ role, qty, product }, index) => (
            <tr key={`${role}-${product.id}`} data-role={role}>
              <th scope="row">{i18n._(ROLE_LABELS[role])}</th>
              <td>
                <a href={slugHref(product.slug, language, channel)} className="configuration__product">
                  <ProductImage imageKey={product.imageKey} preset="tiny" label={product.brand} alt="" />
                  <span>{product.name}</span>
                </a>
              </td>
              <td>{qty}</td>
              <td>{product.price === null ? <Trans>Not sold in this country</Trans> : money(product.price)}</td>
              <td className="configuration__line-total">{money(summary.lineTotals[index] ?? null)}</td>
              <td>
                <Availability code={product.availabilityCode} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              <Trans>Total</Trans>
            </th>
            <td className="configuration__total" data-total-cents={summary.total}>
              {money(summary.total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className={`configuration__status availability--${status.tone}`} role="status">
        {i18n._(status.text)}
      </p>
      <p>
        <a className="button button--primary" href={data.configuratorHref}>
          <Trans>Change it in the configurator</Trans>
        </a>
      </p>
      {preset.others.length > 0 ? (
        <nav aria-labelledby="other-configurations">
          <h2 id="other-configurations">
            <Trans>Other configurations</Trans>
          </h2>
          <ul className="chips">
            {preset.others.map((other) => (
              <li key={other.id}>
                <a href={slugHref(other.slug, language, channel)}>{other.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
