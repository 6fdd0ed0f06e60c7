/** Island: paying an order with aplazame on its gateway page. */
import type { GatewayPaymentProps } from '../pages/gateway-payment';
import GatewayRedirect from './gateway-redirect';

export default function GatewayAplazame(props: GatewayPaymentProps) {
  return <GatewayRedirect orderNumber={props.orderNumber} amount={props.amount} hash={props.hash} autoStart={false} providerName="aplazame" />;
}
