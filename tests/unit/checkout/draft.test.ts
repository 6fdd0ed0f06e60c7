// The checkout draft's transitions (spec §4): what a step's change clears, opening the basket, and the first incomplete step.
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, applyDraftPatch, firstIncompleteStep, resetToCart, type CheckoutDraft } from '../../../worker/checkout/draft';

const home: CheckoutDraft = {
  ...EMPTY_DRAFT,
  shippingAddressSelected: 7,
  shippingType: 1,
  deliveryAgency: 'seur',
  deliveryDate: '2026-11-30',
  deliveryTime: 'morning',
  isNeutralOrder: true,
  marketplaceAgencies: [{ orderKey: 'marketplace-1', id: 'seller-express' }],
  paymentMethodSelected: 'transferencia',
  couponCodes: ['BIENVENIDA10'],
  customerRequestsInvoice: true,
};
const cleared = { deliveryAgency: null, deliveryDate: null, deliveryTime: null, isNeutralOrder: false, marketplaceAgencies: [] };

describe('applyDraftPatch', () => {
  it('selecting a shop collects at Murcia for Barcelona and clears the agency with what was chosen for it', () => {
    expect(applyDraftPatch(home, { shippingType: 3, shopSelected: 71 })).toEqual({ ...home, ...cleared, shippingType: 3, shopSelected: 1 });
    expect(applyDraftPatch(home, { shippingType: 3, shopSelected: 30 }).shopSelected).toBe(30);
  });

  it('a collection point clears the agency and the shop; a shop clears the point', () => {
    const atShop = applyDraftPatch(home, { shippingType: 3, shopSelected: 30 });
    expect(applyDraftPatch(atShop, { shippingType: 2, pickingPointSelected: 1003 })).toMatchObject({ ...cleared, shippingType: 2, pickingPointSelected: 1003, shopSelected: null });
    const atPoint = applyDraftPatch(home, { shippingType: 2, pickingPointSelected: 1003 });
    expect(applyDraftPatch(atPoint, { shippingType: 3, shopSelected: 1 })).toMatchObject({ shopSelected: 1, pickingPointSelected: null });
  });

  it('another agency forgets the day unless it comes with it; keeping home delivery keeps everything', () => {
    expect(applyDraftPatch(home, { deliveryAgency: 'seur-24' })).toEqual({ ...home, deliveryAgency: 'seur-24', deliveryDate: null, deliveryTime: null });
    expect(applyDraftPatch(home, { deliveryAgency: 'seur', deliveryDate: '2026-12-01', deliveryTime: null })).toEqual({ ...home, deliveryDate: '2026-12-01', deliveryTime: null });
    expect(applyDraftPatch(home, { ...home })).toEqual(home);
    expect(applyDraftPatch(home, { paymentMethodSelected: 'contrareembolso' })).toEqual({ ...home, paymentMethodSelected: 'contrareembolso' });
  });
});

describe('resetToCart', () => {
  it('keeps the invoice request, the payment choice and the codes, nothing else (spec §4)', () => {
    expect(resetToCart(home)).toEqual({ ...EMPTY_DRAFT, customerRequestsInvoice: true, paymentMethodSelected: 'transferencia', couponCodes: ['BIENVENIDA10'] });
  });
});

describe('stored card choice (spec §4)', () => {
  const card = { selectedStoredCard: 'PM-8415' };

  it('is kept while the card provider stays chosen, and with the payment choice when the basket opens', () => {
    const chosen = applyDraftPatch(home, { paymentMethodSelected: 'adyen', adyenInfo: card });
    expect(chosen.adyenInfo).toEqual(card);
    expect(applyDraftPatch(chosen, { couponCodes: [] }).adyenInfo).toEqual(card);
    expect(resetToCart(chosen)).toMatchObject({ paymentMethodSelected: 'adyen', adyenInfo: card });
  });

  it('choosing another method clears it, even when the patch carries it along', () => {
    const chosen = applyDraftPatch(home, { paymentMethodSelected: 'adyen', adyenInfo: card });
    expect(applyDraftPatch(chosen, { paymentMethodSelected: 'transferencia' }).adyenInfo).toEqual({ selectedStoredCard: null });
    expect(applyDraftPatch(chosen, { paymentMethodSelected: 'tarjeta', adyenInfo: card }).adyenInfo).toEqual({ selectedStoredCard: null });
  });
});

describe('firstIncompleteStep', () => {
  it.each([
    [EMPTY_DRAFT, 'summary', 'addresses'],
    [{ ...EMPTY_DRAFT, shippingAddressSelected: 7 }, 'summary', 'delivery'],
    [{ ...EMPTY_DRAFT, shippingAddressSelected: 7, shippingType: 2 }, 'payment', 'delivery'],
    [{ ...EMPTY_DRAFT, shippingAddressSelected: 7, shippingType: 2, pickingPointSelected: 1003 }, 'payment', 'payment'],
    [{ ...EMPTY_DRAFT, shippingType: 3, shopSelected: 1 }, 'summary', 'payment'],
    [home, 'summary', 'summary'],
    [EMPTY_DRAFT, 'addresses', 'addresses'],
  ] as const)('%j wanting %s → %s', (draft, wanted, expected) => {
    expect(firstIncompleteStep(draft as CheckoutDraft, wanted)).toBe(expected);
  });
});
