/**
 * The account area's screens (spec §2) as its navigation shows them, in groups. `built` marks
 * the screens that work today; the others open a page that says plainly they are not ready.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RouteId } from '../routes';

export interface AccountSection {
  route: RouteId;
  label: MessageDescriptor;
  built?: boolean;
}

export interface AccountGroup {
  title: MessageDescriptor;
  sections: AccountSection[];
}

export const ACCOUNT_GROUPS: AccountGroup[] = [
  {
    title: msg`My profile`,
    sections: [
      { route: 'accountData', label: msg`My details`, built: true },
      { route: 'accountAddresses', label: msg`Addresses`, built: true },
      { route: 'accountInbox', label: msg`Inbox` },
      { route: 'accountDocuments', label: msg`Tax documents`, built: true },
    ],
  },
  {
    title: msg`Orders`,
    sections: [
      { route: 'accountOrdersAndInvoices', label: msg`Orders and invoices`, built: true },
      { route: 'accountCancelledOrders', label: msg`Cancelled orders`, built: true },
      { route: 'accountFrontOrders', label: msg`Shop orders`, built: true },
      { route: 'accountCreditNotes', label: msg`Credit notes`, built: true },
      { route: 'accountReturns', label: msg`Returns`, built: true },
      { route: 'accountReturnInvoices', label: msg`Return invoices`, built: true },
      { route: 'accountGiftReturn', label: msg`Return a gift`, built: true },
      { route: 'accountReturnNonHolder', label: msg`Returns for another account holder`, built: true },
      { route: 'accountAfterSalesHistory', label: msg`After-sales service`, built: true },
    ],
  },
  {
    title: msg`My products`,
    sections: [
      { route: 'accountDigitalKeys', label: msg`Digital keys` },
      { route: 'accountDigitalProducts', label: msg`Digital products` },
      { route: 'accountSubscriptions', label: msg`Subscriptions` },
      { route: 'accountInsurances', label: msg`Insurance` },
      { route: 'accountConfigurations', label: msg`PC configurations` },
      { route: 'accountWishlists', label: msg`Wishlists` },
      { route: 'accountReviews', label: msg`My reviews`, built: true },
    ],
  },
  {
    title: msg`Payments and savings`,
    sections: [
      { route: 'accountBalance', label: msg`Balance`, built: true },
      { route: 'accountCoupons', label: msg`Discount coupons` },
      { route: 'accountCards', label: msg`Saved cards`, built: true },
    ],
  },
];

/**
 * Account screens reached from other screens rather than the menu, with the section whose
 * name they show: order detail, invoice download, a second orders list, a single wishlist…
 */
export const ACCOUNT_ALIASES: Partial<Record<RouteId, RouteId>> = {
  accountMyOrdersAndInvoices: 'accountOrdersAndInvoices',
  accountOrderDetail: 'accountOrdersAndInvoices',
  accountInvoiceDownload: 'accountOrdersAndInvoices',
  accountInboxMessage: 'accountInbox',
  accountWishlist: 'accountWishlists',
  accountInsuranceRenewals: 'accountInsurances',
  accountNewPolicy: 'accountInsurances',
  accountOrderReassignment: 'accountOrdersAndInvoices',
  accountReturnNonHolderAuthorize: 'accountReturnNonHolder',
  accountAfterSalesCase: 'accountAfterSalesHistory',
  accountGiftReturnConfirmation: 'accountGiftReturn',
};

export function accountSection(route: RouteId): AccountSection | undefined {
  const target = ACCOUNT_ALIASES[route] ?? route;
  return ACCOUNT_GROUPS.flatMap((group) => group.sections).find((section) => section.route === target);
}
