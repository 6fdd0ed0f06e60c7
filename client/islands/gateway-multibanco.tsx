/** Island: paying an order with multibanco on its gateway page. */
import type { GatewayPaymentProps } from '../pages/gateway-payment';
import GatewayRedirect from './gateway-redirect';

export default function GatewayMultibanco(props: GatewayPaymentProps) {
  return <GatewayRedirect orderNumber={props.orderNumber} amount={props.amount} hash={props.hash} autoStart={false} providerName="multibanco" />;
}
