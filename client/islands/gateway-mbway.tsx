/** Island: paying an order with mbway on its gateway page. */
import type { GatewayPaymentProps } from '../pages/gateway-payment';
import GatewayRedirect from './gateway-redirect';

export default function GatewayMbWay(props: GatewayPaymentProps) {
  return <GatewayRedirect orderNumber={props.orderNumber} amount={props.amount} hash={props.hash} autoStart={false} providerName="mbway" />;
}
