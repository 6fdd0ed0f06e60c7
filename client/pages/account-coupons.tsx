/**
 * The coupons screen of the account area (spec §2 /mis-descuentos): each coupon as a card — its
 * name, description, discount, dates and status (ACTIVE, EXPIRED, USED: spec §4), the code with
 * a copy button and, while it can be used, a link to the basket — 16 a page, and the form that
 * adds a code.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountCoupon, CouponDiscount } from '../../worker/coupons/coupons';
import type { CouponStatus } from '../../worker/coupons/status';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatMoney, formatShortDate } from '../i18n/format';
import { LANGUAGE_INFO, type Language } from '../i18n/languages';
import CouponAddCopy from '../islands/coupon-add-copy';
import CouponAddForm, { type CouponAddFormProps } from '../islands/coupon-add-form';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountCouponsData {
  frame: AccountFrameData;
  coupons: AccountCoupon[];
  page: number;
  pageSize: number;
  total: number;
  /** The request's clock (ISO). */
  now: string;
  form: CouponAddFormProps & { added: string | null };
}

const STATUS_LABELS: Record<CouponStatus, MessageDescriptor> = {
  ACTIVE: msg`Active`,
  EXPIRED: msg`Expired`,
  USED: msg`Used`,
};
const STATUS_BADGE: Record<CouponStatus, string> = { ACTIVE: 'badge coupon-card__status--active', EXPIRED: 'badge badge--expired', USED: 'badge coupon-card__status--used' };

/** dd/mm/yyyy in the language's order. */
/** The last day a coupon works: its end is exclusive. */
const lastDay = (iso: string, language: Language) => formatShortDate(Date.parse(iso) - 1, language);

function DiscountText({ discount }: { discount: CouponDiscount | null }) {
  const { language } = useStore();
  if (!discount) return null;
  const minimum = discount.minCartAmount ? formatMoney(discount.minCartAmount, language) : null;
  const percent = discount.type === 'percent' && discount.value !== null ? new Intl.NumberFormat(LANGUAGE_INFO[language].tag, { style: 'percent', maximumFractionDigits: 2 }).format(discount.value / 100) : '';
  const amount = discount.type === 'amount' && discount.value !== null ? formatMoney(discount.value, language) : '';
  const what =
    discount.type === 'freeShipping' ? (
      <Trans>Free shipping</Trans>
    ) : discount.type === 'percent' ? (
      discount.scope === 'cart' ? (
        <Trans>{percent} off your basket</Trans>
      ) : (
        <Trans>{percent} off the items on offer</Trans>
      )
    ) : discount.scope === 'cart' ? (
      <Trans>{amount} off your basket</Trans>
    ) : (
      <Trans>{amount} off each item on offer</Trans>
    );
  return (
    <p className="coupon-card__discount">
      <strong>{what}</strong>
      {minimum ? (
        <>
          {' '}
          <Trans>on orders of {minimum} or more</Trans>
        </>
      ) : null}
    </p>
  );
}

function CouponCard({ coupon }: { coupon: AccountCoupon }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const link = useHref();
  const usable = coupon.status === 'ACTIVE' && !coupon.notStarted;
  const from = formatShortDate(coupon.startDate, language);
  const until = lastDay(coupon.expirationDate, language);
  const titleId = `coupon-${coupon.code}`;
  return (
    <li className={`card coupon-card coupon-card--${coupon.status.toLowerCase()}`} data-coupon-status={coupon.status}>
      <div className="coupon-card__head">
        <h2 className="coupon-card__name" id={titleId}>
          {coupon.name}
        </h2>
        <span className={STATUS_BADGE[coupon.status]}>{i18n._(STATUS_LABELS[coupon.status])}</span>
      </div>
      <DiscountText discount={coupon.couponDiscount} />
      {coupon.description ? <p className="coupon-card__description">{coupon.description}</p> : null}
      <p className="coupon-card__dates">
        {coupon.notStarted ? (
          <Trans>
            Usable from <time dateTime={coupon.startDate}>{from}</time> to <time dateTime={coupon.expirationDate}>{until}</time>
          </Trans>
        ) : coupon.status === 'EXPIRED' ? (
          <Trans>
            Expired on <time dateTime={coupon.expirationDate}>{until}</time>
          </Trans>
        ) : (
          <Trans>
            Valid until <time dateTime={coupon.expirationDate}>{until}</time>
          </Trans>
        )}
      </p>
      <div className="coupon-card__code">
        <span>
          <Trans>Code</Trans>
        </span>{' '}
        <code>{coupon.code}</code>
        {usable ? <Island name="coupon-add-copy" component={CouponAddCopy} props={{ code: coupon.code }} /> : null}
      </div>
      {usable ? (
        <p className="coupon-card__use">
          <a className="button button--ghost button--small" href={link('cartBasket')}>
            <Trans>Use it in your basket</Trans>
          </a>
        </p>
      ) : null}
    </li>
  );
}

export default function AccountCouponsPage({ data }: { data: AccountCouponsData }) {
  const link = useHref();
  const { added, ...form } = data.form;
  return (
    <AccountFrame frame={data.frame} title={<Trans>Discount coupons</Trans>}>
      <div className="coupons-status" role="status">
        {added ? (
          <p className="alert alert--ok">
            <Trans>The coupon {added} is now in your account.</Trans>
          </p>
        ) : null}
      </div>
      <div className="card coupons-add">
        <Island name="coupon-add-form" component={CouponAddForm} props={form} />
      </div>
      {data.total === 0 ? (
        <p className="coupons-empty" data-coupons-empty>
          <Trans>You have no discount coupons yet. Add a code you received above: it will appear here with its discount and dates, ready to use at checkout.</Trans>
        </p>
      ) : (
        <>
          <p className="coupons-help">
            <Trans>Copy a code and enter it in the coupon field when you pay.</Trans>
          </p>
          <ul className="coupon-list">
            {data.coupons.map((coupon) => (
              <CouponCard key={coupon.code} coupon={coupon} />
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={link('accountCoupons')} />
        </>
      )}
    </AccountFrame>
  );
}
