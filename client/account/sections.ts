/**
 * The account area's screens (spec §2) as its navigation shows them, in groups. Every one is a
 * page of its own (tests/worker/identity-pages.test.ts opens each).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RouteId } from '../routes';

export interface AccountSection {
  route: RouteId;
  label: MessageDescriptor;
}

export interface AccountGroup {
  title: MessageDescriptor;
  sections: AccountSection[];
}

export const ACCOUNT_GROUPS: AccountGroup[] = [
  {
    title: msg`My profile`,
    sections: [
      { route: 'accountData', label: msg`My details` },
      { route: 'accountAddresses', label: msg`Addresses` },
      { route: 'accountInbox', label: msg`Inbox` },
      { route: 'accountDocuments', label: msg`Tax documents` },
    ],
  },
  {
    title: msg`Orders`,
    sections: [
      { route: 'accountOrdersAndInvoices', label: msg`Orders and invoices` },
      { route: 'accountCancelledOrders', label: msg`Cancelled orders` },
      { route: 'accountFrontOrders', label: msg`Shop orders` },
      { route: 'accountCreditNotes', label: msg`Credit notes` },
      { route: 'accountReturns', label: msg`Returns` },
      { route: 'accountReturnInvoices', label: msg`Return invoices` },
      { route: 'accountGiftReturn', label: msg`Return a gift` },
      { route: 'accountReturnNonHolder', label: msg`Returns for another account holder` },
      { route: 'accountAfterSalesHistory', label: msg`After-sales service` },
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
      { route: 'accountReviews', label: msg`My reviews` },
    ],
  },
  {
    title: msg`Payments and savings`,
    sections: [
      { route: 'accountBalance', label: msg`Balance` },
      { route: 'accountCoupons', label: msg`Discount coupons` },
      { route: 'accountCards', label: msg`Saved cards` },
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
