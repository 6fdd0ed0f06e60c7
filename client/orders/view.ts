/**
 * The account's order screens' data (worker/ssr/pages/account-orders.tsx builds it, the page
 * client/pages/account-orders.tsx shows it) and the words for states that are not the order's.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountOrder, AccountOrderDetail } from '../../worker/orders/read';
import type { AccountFrameData } from '../pages/account';
import type { RouteId } from '../routes';
import type { MultibancoVoucher } from '../../worker/payments/sibs/voucher';

/** What the customer may do with the order now (client/orders/actions.ts decides, the API enforces). */
export interface OrderActions {
  cancel: boolean;
  change: boolean;
  /** Within the 30-day return period. */
  returnable: boolean;
  /** An after-sales case may be opened (the order was shipped or received). */
  afterSales: boolean;
  /** Awaiting payment: the path of its valid pay-later link, or 'create' to ask for one. */
  payNow: string | 'create' | null;
}

export interface OrderCard extends AccountOrder {
  agencyName: string | null;
  actions: OrderActions;
}

export interface OrderDetailCard extends AccountOrderDetail {
  agencyName: string | null;
  actions: OrderActions;
}

export type AccountOrdersData =
  | {
      kind: 'list';
      frame: AccountFrameData;
      route: RouteId;
      scope: 'online' | 'cancelled' | 'front';
      orders: OrderCard[];
      page: number;
      pageSize: number;
      total: number;
      /** `?cancelled=NUMBER` after a cancellation: the order it names, if it is the user's. */
      justCancelled: string | null;
    }
  | { kind: 'detail'; frame: AccountFrameData; order: OrderDetailCard; /** The Multibanco reference the order waits to be paid with. */ multibanco?: MultibancoVoucher | null };

export const DOCUMENT_LABELS: Record<string, MessageDescriptor> = {
  invoice: msg`Invoice`,
  ticket: msg`Simplified invoice`,
  marketplace: msg`Seller's invoice`,
  corrective: msg`Credit note`,
  proforma: msg`Proforma invoice`,
  order: msg`Order document`,
  passiveSubject: msg`Invoice (reverse charge)`,
};

export const REFUND_STATE_LABELS: Record<string, MessageDescriptor> = {
  requested: msg`Refund requested`,
  sending: msg`Refund in progress`,
  sent: msg`Refund sent to your bank`,
  refunded: msg`Refunded`,
  failed: msg`Refund failed: our team will contact you`,
};

export const RETURN_STATE_LABELS: Record<string, MessageDescriptor> = {
  requested: msg`Return requested`,
  approved: msg`Return approved`,
  received: msg`Return received`,
  refunded: msg`Return refunded`,
  rejected: msg`Return rejected`,
  cancelled: msg`Return cancelled`,
};

export const CASE_STATE_LABELS: Record<string, MessageDescriptor> = {
  open: msg`Open`,
  awaiting_customer: msg`Waiting for your reply`,
  awaiting_store: msg`Waiting for our team`,
  resolved: msg`Resolved`,
  closed: msg`Closed`,
};
