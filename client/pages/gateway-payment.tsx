/**
 * The gateway pages of the checkout (spec §2): /cart/payment/form-type/gw for the redirect and form
 * methods, /cart/payment/aplazame/gw, /cart/payment/mb-way/gw, /cart/payment/financing/gw and
 * /cart/payment/lendismart/gw, each paying an order placed with its method (worker/ssr/pages/
 * payments.tsx sends an order to its own page). The island is the method's.
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import GatewayAplazame from '../islands/gateway-aplazame';
import GatewayFinancing from '../islands/gateway-financing';
import GatewayMbWay from '../islands/gateway-mbway';
import GatewayMultibanco from '../islands/gateway-multibanco';
import GatewayRedirect from '../islands/gateway-redirect';
import { PAYMENT_BRANDS } from '../orders/labels';
import { CardFormPage, type CardFormPageData } from './payments';

export interface GatewayPaymentProps {
  orderNumber: string;
  /** What the payment charges (every order of the checkout), in cents. */
  amount: number;
  method: string;
  hash: string | null;
  /** Straight from placing the order: the payment starts on load. */
  autoStart: boolean;
  /** MB WAY: the order's phone when it is a Portuguese mobile, to prefill the field. */
  phone?: string;
}

export type GatewayPaymentPageData = GatewayPaymentProps;

function MethodIsland({ data }: { data: GatewayPaymentProps }) {
  switch (data.method) {
    case 'aplazame':
      return <Island name="gateway-aplazame" component={GatewayAplazame} props={data} hydrate="load" />;
    case 'mbway':
      return <Island name="gateway-mbway" component={GatewayMbWay} props={data} hydrate="load" />;
    case 'multibanco':
      return <Island name="gateway-multibanco" component={GatewayMultibanco} props={data} hydrate="load" />;
    case 'financiacion12':
    case 'lendismart':
    case 'payPerUsage':
      return <Island name="gateway-financing" component={GatewayFinancing} props={{ ...data, providerName: PAYMENT_BRANDS[data.method] ?? providerOf(data.method) }} hydrate="load" />;
    default: {
      const { method, ...rest } = data;
      return <Island name="gateway-redirect" component={GatewayRedirect} props={{ ...rest, providerName: PAYMENT_BRANDS[method] ?? providerOf(method) }} hydrate="load" />;
    }
  }
}

/** The provider's name for the methods not named by a brand: Redsys' card page, the bank, the financing provider. */
function providerOf(method: string): string {
  if (method === 'tarjeta') return 'Redsys';
  if (method === 'inespay') return 'Inespay';
  // financiacion12 and pay per use are the store's own financing, granted by its lending partner (Lendismart is a brand).
  return 'Ampora Finance';
}

export function GatewayPaymentPage({ data }: { data: GatewayPaymentPageData }) {
  return (
    <section className="checkout-page gateway-payment-page">
      <h1>
        <Trans>Pay order {data.orderNumber}</Trans>
      </h1>
      <noscript>
        <p className="notification notification--warning alert alert--warn">
          <Trans>Paying online needs JavaScript. Turn it on in your browser and reload the page.</Trans>
        </p>
      </noscript>
      <MethodIsland data={data} />
    </section>
  );
}

/** The form-type page serves both: the card form (no `method`) or the method's island. */
export function AnyGatewayPage({ data }: { data: CardFormPageData | GatewayPaymentPageData }) {
  return 'method' in data ? <GatewayPaymentPage data={data} /> : <CardFormPage data={data} />;
}
