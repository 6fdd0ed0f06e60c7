// Checkout alerts (spec §8 table), the displayed one, blocking the next step (spec §4) and handling.
import { describe, expect, it } from 'vitest';
import { CART_CODES } from '../../../worker/cart/rules';
import {
  ALERTS,
  alertFor,
  blocksNextStep,
  displayedAlert,
  errorHandling,
  ORDER_MODIFICATION_EXPIRED,
  TOKEN_VERIFICATION,
  truncateName,
  UNKNOWN_ERROR_MESSAGE,
  type AlertKind,
  type AlertType,
} from '../../../worker/domain/checkout/alerts';
import { ERRORS } from '../../../worker/http/errors';

// [code, kind, type, blocks] — the §8 table, then the "also shown as alerts" list.
const TABLE: [number, AlertKind, AlertType, boolean][] = [
  [1119, 'outOfStock', 'danger', false],
  [1102, 'emptyCart', 'none', false],
  [1146, 'articleAlone', 'danger', true],
  [1145, 'oemWithoutAssembly', 'danger', true],
  [1139, 'stockLimit', 'info', false],
  [1150, 'canaryLimitation', 'warning', true],
  [1151, 'dropshippingLimitation', 'danger', true],
  [1152, 'customsAddressMatch', 'danger', true],
  [1153, 'countryLimitation', 'danger', true],
  [1155, 'cartWithoutAddress', 'info', false],
  [1168, 'changeBilling', 'danger', true],
  [1156, 'noAgencies', 'danger', true],
  [1157, 'noPaymentMethods', 'danger', true],
  [1170, 'noZonesInMarketplace', 'danger', true],
  [1158, 'forceBilling', 'danger', true],
  [1171, 'payPerUsePickup', 'danger', true],
  [1172, 'portugalArticles', 'danger', true],
  [1135, 'incompleteShippingAddress', 'danger', false],
  [1136, 'incompleteBillingAddress', 'danger', false],
  [1173, 'extendedInsuranceBusiness', 'danger', true],
  [1147, 'marketplaceOfferMatch', 'warning', false],
  [1148, 'internationalWeight', 'warning', false],
  [1149, 'blockedPostalCode', 'warning', false],
  [1174, 'marketplaceWithoutCardProvider', 'warning', false],
  [1154, 'digitalCodesLimit', 'warning', false],
  [1177, 'personalIdRequired', 'warning', false],
  [1159, 'maxCashOnDelivery', 'warning', false],
  [1301, 'userNotFound', 'warning', false],
  [1178, 'payPerUseArticle', 'info', false],
];

describe('alertFor', () => {
  it.each(TABLE)('%i → %s, %s, blocks %s', (code, kind, type, blocks) => {
    expect(alertFor(code)).toEqual({ kind, code, type, blocksNextStep: blocks });
  });

  it('ALERTS holds exactly the table, one alert per code and per kind', () => {
    expect(ALERTS.map((a) => [a.code, a.kind, a.type, a.blocksNextStep])).toEqual(TABLE);
    expect(new Set(ALERTS.map((a) => a.code)).size).toBe(ALERTS.length);
    expect(new Set(ALERTS.map((a) => a.kind)).size).toBe(ALERTS.length);
  });

  it('1147–1159 follow the order of the spec list; 1160–1163 stay unassigned', () => {
    const family = ['marketplaceOfferMatch', 'internationalWeight', 'blockedPostalCode', 'canaryLimitation', 'dropshippingLimitation', 'customsAddressMatch', 'countryLimitation', 'digitalCodesLimit', 'cartWithoutAddress', 'noAgencies', 'noPaymentMethods', 'forceBilling', 'maxCashOnDelivery'];
    expect(family.map((_, i) => alertFor(1147 + i).kind)).toEqual(family);
    expect([1160, 1161, 1162, 1163].map((code) => alertFor(code).kind)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
  });

  it('shares the cart codes with the cart rules', () => {
    expect(alertFor(CART_CODES.emptyCart).kind).toBe('emptyCart');
    expect(alertFor(CART_CODES.outOfStock).kind).toBe('outOfStock');
    expect(alertFor(CART_CODES.stockLimit).kind).toBe('stockLimit');
  });

  it.each([0, 1109, 1160, 99999, -1])('unknown code %i → generic danger, not blocking', (code) => {
    expect(alertFor(code)).toEqual({ kind: 'unknown', code, type: 'danger', blocksNextStep: false });
  });

  it('the generic alert says what the catalogue says', () => {
    expect(UNKNOWN_ERROR_MESSAGE).toBe('Unknown error');
    expect(ERRORS.unknown.message.message).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('displayedAlert', () => {
  it.each([
    ['blocking beats an earlier danger', [1119, 1146], 'articleAlone'],
    ['blocking warning (Canary) beats an earlier danger', [1135, 1150], 'canaryLimitation'],
    ['first blocking among several', [1119, 1153, 1146], 'countryLimitation'],
    ['danger beats an earlier warning', [1301, 1119], 'outOfStock'],
    ['first danger among several', [1301, 1136, 1135], 'incompleteBillingAddress'],
    ['warning beats an earlier info', [1139, 1159], 'maxCashOnDelivery'],
    ['unknown code is danger and beats a warning', [1301, 4242], 'unknown'],
    ['only info → the first', [1139], 'stockLimit'],
    ['cart without address is ignored', [1155, 1139], 'stockLimit'],
    ['pay-per-use article is ignored', [1178, 1139], 'stockLimit'],
    ['empty cart is not shown', [1102, 1139], 'stockLimit'],
  ] as [string, number[], AlertKind][])('%s', (_, codes, kind) => {
    expect(displayedAlert(codes.map((code) => ({ code })))?.kind).toBe(kind);
  });

  it.each([
    ['no errors', []],
    ['only ignored and hidden codes', [1155, 1178, 1102]],
  ] as [string, number[]][])('%s → null', (_, codes) => {
    expect(displayedAlert(codes.map((code) => ({ code })))).toBeNull();
  });

  it('carries the error details, names cut at 45 characters', () => {
    const long = 'Portátil gaming con pantalla de 17 pulgadas y RTX';
    expect(
      displayedAlert([
        { code: 1153, allowedDomains: ['pt', 'fr'] },
        { code: 1146, articleName: long, articleNames: ['Ratón', long] },
      ]),
    ).toEqual({
      kind: 'countryLimitation',
      code: 1153,
      type: 'danger',
      blocksNextStep: true,
      allowedDomains: ['pt', 'fr'],
    });
    const shown = displayedAlert([{ code: 1173, insuranceName: long, articleName: long, articleNames: ['Ratón', long] }]);
    expect(shown?.insuranceName).toBe(truncateName(long));
    expect(shown?.articleNames).toEqual(['Ratón', truncateName(long)]);
  });
});

describe('truncateName', () => {
  it.each([
    ['a'.repeat(45), 'a'.repeat(45)],
    ['a'.repeat(46), `${'a'.repeat(44)}…`],
    ['é'.repeat(50), `${'é'.repeat(44)}…`],
    ['', ''],
  ])('%s', (name, expected) => {
    expect(truncateName(name)).toBe(expected);
    expect(Array.from(truncateName(name)).length).toBeLessThanOrEqual(45);
  });
});

describe('blocksNextStep', () => {
  it.each([
    ['nothing wrong', [], false, false],
    ['empty cart', [], true, true],
    ['empty cart code alone does not block; the empty flag does', [1102], false, false],
    ['a blocking alert', [1119, 1157], false, true],
    ['a blocking warning', [1150], false, true],
    ['danger that does not block', [1119, 1135, 1136], false, false],
    ['warnings and info', [1301, 1139, 1155, 1178], false, false],
    ['unknown code', [4242], false, false],
  ] as [string, number[], boolean, boolean][])('%s', (_, codes, cartIsEmpty, expected) => {
    expect(blocksNextStep(codes.map((code) => ({ code })), cartIsEmpty)).toBe(expected);
  });
});

describe('errorHandling', () => {
  it.each([
    [ORDER_MODIFICATION_EXPIRED, 'orderModificationExpiredModal'],
    [1102, 'redirectToOrders'],
    [TOKEN_VERIFICATION, 'redirectToLogin'],
    [null, 'basketWithLoadError'],
    [undefined, 'basketWithLoadError'],
    [1119, 'outOfStockMessage'],
    [1139, 'stockLimitMessage'],
    [1301, 'userNotFoundWarning'],
    [1146, 'genericDanger'],
    [1109, 'genericDanger'],
    ['1102', 'genericDanger'],
    ['SOMETHING_ELSE', 'genericDanger'],
  ] as const)('%s → %s', (code, expected) => {
    expect(errorHandling(code)).toBe(expected);
  });

  it('token verification is the code the API sends for a missing or bad session', () => {
    expect(ERRORS.unauthorized.code).toBe(TOKEN_VERIFICATION);
  });
});
