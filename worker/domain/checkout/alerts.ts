/**
 * Checkout alerts (spec §8): which alert a cart critical error shows, whether it blocks the step
 * after the cart (spec §4), which one is displayed when there are several, and how a failed cart
 * or checkout call is handled. Pure data and functions; messages are mapped from `kind` elsewhere.
 *
 * Codes. The spec names 1102, 1119, 1135/1136, 1139, 1145, 1146 and 1301 and says that 1147 to 1163
 * "cover" thirteen kinds; we give those kinds 1147–1159 in the order the spec lists them
 * (marketplace offer match 1147 … max cash on delivery 1159) and leave 1160–1163 unassigned, so
 * they get the generic alert. Eight alert kinds have no code in the spec; they take, in the order
 * of the §8 table, the codes the spec lists as "meanings not further shown": change billing 1168,
 * no zones in marketplace 1170, picking point or shop with pay per use 1171, Portugal articles
 * 1172, extended insurance not allowed for business 1173, marketplace order without card provider
 * 1174, personal id required in billing 1177, pay-per-use article 1178. The two handling-only
 * errors have no number either; they use stable names, as worker/http/errors.ts does:
 * 'ORDER_MODIFICATION_EXPIRED' and 'TOKEN_VERIFICATION' (the code of ERRORS.unauthorized).
 *
 * Type and blocking follow the §8 table. Where the table gives only "blocks" the type is danger
 * (ALERT_TYPE_WHEN_UNSTATED: a blocked step is an error to the customer). The kinds only "also
 * shown as alerts" have no type or blocking in the spec: they are warnings that do not block,
 * because blocking on a guess would stop sales the server accepts (the server still refuses the
 * order if it must). User not found is a warning, as §8 Handling says. Empty cart is never shown
 * (type 'none'); the pay-per-use article is info. An OEM article without the assembly service
 * (1145) is not in the table; it blocks like its neighbour "article alone", being the same kind
 * of sale restriction. Unknown codes give the generic danger alert
 * ('Unknown error', UNKNOWN_ERROR_MESSAGE), which does not block either.
 *
 * Names in a displayed alert are cut to 45 characters, the last being '…' (spec §9).
 */

export type AlertType = 'info' | 'warning' | 'danger' | 'none';

export type AlertKind =
  | 'emptyCart'
  | 'outOfStock'
  | 'incompleteShippingAddress'
  | 'incompleteBillingAddress'
  | 'stockLimit'
  | 'articleAlone'
  | 'oemWithoutAssembly'
  | 'marketplaceOfferMatch'
  | 'internationalWeight'
  | 'blockedPostalCode'
  | 'canaryLimitation'
  | 'dropshippingLimitation'
  | 'customsAddressMatch'
  | 'countryLimitation'
  | 'digitalCodesLimit'
  | 'cartWithoutAddress'
  | 'noAgencies'
  | 'noPaymentMethods'
  | 'forceBilling'
  | 'maxCashOnDelivery'
  | 'changeBilling'
  | 'noZonesInMarketplace'
  | 'payPerUsePickup'
  | 'portugalArticles'
  | 'extendedInsuranceBusiness'
  | 'marketplaceWithoutCardProvider'
  | 'personalIdRequired'
  | 'payPerUseArticle'
  | 'userNotFound'
  | 'unknown';

export interface Alert {
  kind: AlertKind;
  code: number;
  type: AlertType;
  blocksNextStep: boolean;
}

/** A `criticalErrors` entry of the cart summary (spec §3). */
export interface CriticalError {
  code: number;
  articleName?: string;
  articleNames?: string[];
  allowedDomains?: string[];
  insuranceName?: string;
}

export type DisplayedAlert = Alert & Omit<CriticalError, 'code'>;

export const ALERT_CODES = {
  emptyCart: 1102,
  outOfStock: 1119,
  incompleteShippingAddress: 1135,
  incompleteBillingAddress: 1136,
  stockLimit: 1139,
  articleAlone: 1146,
  oemWithoutAssembly: 1145,
  marketplaceOfferMatch: 1147,
  internationalWeight: 1148,
  blockedPostalCode: 1149,
  canaryLimitation: 1150,
  dropshippingLimitation: 1151,
  customsAddressMatch: 1152,
  countryLimitation: 1153,
  digitalCodesLimit: 1154,
  cartWithoutAddress: 1155,
  noAgencies: 1156,
  noPaymentMethods: 1157,
  forceBilling: 1158,
  maxCashOnDelivery: 1159,
  changeBilling: 1168,
  noZonesInMarketplace: 1170,
  payPerUsePickup: 1171,
  portugalArticles: 1172,
  extendedInsuranceBusiness: 1173,
  marketplaceWithoutCardProvider: 1174,
  personalIdRequired: 1177,
  payPerUseArticle: 1178,
  userNotFound: 1301,
} as const satisfies Record<Exclude<AlertKind, 'unknown'>, number>;

/** Stable names for the two handled errors the spec gives no number. */
export const ORDER_MODIFICATION_EXPIRED = 'ORDER_MODIFICATION_EXPIRED';
export const TOKEN_VERIFICATION = 'TOKEN_VERIFICATION';

/** Type of the alerts the §8 table marks only as blocking. */
export const ALERT_TYPE_WHEN_UNSTATED: AlertType = 'danger';
/** English source of the generic alert (spec §8). */
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
/** Longest article or insurance name in an alert, ellipsis included (spec §9). */
export const ALERT_NAME_MAX_LENGTH = 45;
/** Codes that never become the displayed alert (spec §8). */
export const IGNORED_FOR_DISPLAY: readonly number[] = [ALERT_CODES.payPerUseArticle, ALERT_CODES.cartWithoutAddress];

const alert = (kind: Exclude<AlertKind, 'unknown'>, type: AlertType, blocksNextStep: boolean): Alert => ({
  kind,
  code: ALERT_CODES[kind],
  type,
  blocksNextStep,
});
const blocking = (kind: Exclude<AlertKind, 'unknown'>): Alert => alert(kind, ALERT_TYPE_WHEN_UNSTATED, true);

/** Every known alert, in the order of the §8 table, then the "also shown as alerts" list. */
export const ALERTS: readonly Alert[] = [
  alert('outOfStock', 'danger', false),
  alert('emptyCart', 'none', false),
  blocking('articleAlone'),
  blocking('oemWithoutAssembly'),
  alert('stockLimit', 'info', false),
  alert('canaryLimitation', 'warning', true),
  blocking('dropshippingLimitation'),
  blocking('customsAddressMatch'),
  blocking('countryLimitation'),
  alert('cartWithoutAddress', 'info', false),
  blocking('changeBilling'),
  blocking('noAgencies'),
  alert('noPaymentMethods', 'danger', true),
  blocking('noZonesInMarketplace'),
  blocking('forceBilling'),
  blocking('payPerUsePickup'),
  blocking('portugalArticles'),
  alert('incompleteShippingAddress', 'danger', false),
  alert('incompleteBillingAddress', 'danger', false),
  blocking('extendedInsuranceBusiness'),
  alert('marketplaceOfferMatch', 'warning', false),
  alert('internationalWeight', 'warning', false),
  alert('blockedPostalCode', 'warning', false),
  alert('marketplaceWithoutCardProvider', 'warning', false),
  alert('digitalCodesLimit', 'warning', false),
  alert('personalIdRequired', 'warning', false),
  alert('maxCashOnDelivery', 'warning', false),
  alert('userNotFound', 'warning', false),
  alert('payPerUseArticle', 'info', false),
];

const BY_CODE = new Map(ALERTS.map((known) => [known.code, known]));

/** The alert for a critical error code; unknown codes give the generic danger alert. */
export function alertFor(code: number): Alert {
  return BY_CODE.get(code) ?? { kind: 'unknown', code, type: 'danger', blocksNextStep: false };
}

/**
 * The one alert to show for the cart's critical errors, or null. Codes ignored for display and
 * alerts of type 'none' are left out; then the first blocking one wins, else the first danger,
 * else the first warning, else the first remaining.
 */
export function displayedAlert(criticalErrors: readonly CriticalError[]): DisplayedAlert | null {
  const shown = criticalErrors
    .filter((error) => !IGNORED_FOR_DISPLAY.includes(error.code))
    .map((error) => ({ error, alert: alertFor(error.code) }))
    .filter(({ alert }) => alert.type !== 'none');
  const chosen =
    shown.find(({ alert }) => alert.blocksNextStep) ??
    shown.find(({ alert }) => alert.type === 'danger') ??
    shown.find(({ alert }) => alert.type === 'warning') ??
    shown[0];
  if (!chosen) return null;
  const { articleName, articleNames, allowedDomains, insuranceName } = chosen.error;
  return {
    ...chosen.alert,
    ...(articleName !== undefined && { articleName: truncateName(articleName) }),
    ...(articleNames !== undefined && { articleNames: articleNames.map(truncateName) }),
    ...(allowedDomains !== undefined && { allowedDomains: [...allowedDomains] }),
    ...(insuranceName !== undefined && { insuranceName: truncateName(insuranceName) }),
  };
}

/** Spec §4: the step after the cart is blocked by a blocking critical error or an empty cart. */
export function blocksNextStep(criticalErrors: readonly CriticalError[], cartIsEmpty: boolean): boolean {
  return cartIsEmpty || criticalErrors.some((error) => alertFor(error.code).blocksNextStep);
}

/** A name of at most 45 characters; longer ones keep 44 and end with '…'. */
export function truncateName(name: string): string {
  const chars = Array.from(name);
  return chars.length <= ALERT_NAME_MAX_LENGTH ? name : `${chars.slice(0, ALERT_NAME_MAX_LENGTH - 1).join('')}…`;
}

export type ErrorHandling =
  | 'orderModificationExpiredModal'
  | 'redirectToOrders'
  | 'redirectToLogin'
  | 'basketWithLoadError'
  | 'outOfStockMessage'
  | 'stockLimitMessage'
  | 'userNotFoundWarning'
  | 'genericDanger';

const HANDLING = new Map<number | string, ErrorHandling>([
  [ORDER_MODIFICATION_EXPIRED, 'orderModificationExpiredModal'],
  [ALERT_CODES.emptyCart, 'redirectToOrders'],
  [TOKEN_VERIFICATION, 'redirectToLogin'],
  [ALERT_CODES.outOfStock, 'outOfStockMessage'],
  [ALERT_CODES.stockLimit, 'stockLimitMessage'],
  [ALERT_CODES.userNotFound, 'userNotFoundWarning'],
]);

/**
 * What the checkout does when a cart or checkout call fails (spec §8 Handling). A failure that
 * carries no code (null or undefined: the cart could not be loaded at all) sends the customer to
 * the basket with 'Error loading cart information'; any other code not listed gets the generic
 * danger error.
 */
export function errorHandling(code: number | string | null | undefined): ErrorHandling {
  if (code === null || code === undefined) return 'basketWithLoadError';
  return HANDLING.get(code) ?? 'genericDanger';
}
