// Buy box: which offer wins and how the others are ordered.
import { describe, expect, it } from 'vitest';
import { buybox, type BuyboxOffer } from '../../../worker/domain/catalogue/buybox';

const OWN = 0;

/** A purchasable new offer from a graded standard marketplace seller; override what a case needs. */
function offer(offerId: number, overrides: Partial<BuyboxOffer> = {}): BuyboxOffer {
  return {
    offerId,
    sellerId: 100 + offerId,
    sellerKind: 'marketplace',
    sellerTier: 'standard',
    sellerGrade: 8,
    price: 10000,
    minShippingPrice: 0,
    condition: 'new',
    availabilityCode: 0,
    deliveryMaxDays: 3,
    ...overrides,
  };
}

const own = (offerId: number, overrides: Partial<BuyboxOffer> = {}) =>
  offer(offerId, { sellerId: OWN, sellerKind: 'own', sellerTier: 'premium', sellerGrade: 9, ...overrides });

const CASES: [string, BuyboxOffer[], number][] = [
  ['lowest landed cost wins', [offer(1, { price: 10500 }), offer(2, { price: 10000 })], 2],
  ['shipping counts in the landed cost', [offer(1, { price: 9000, minShippingPrice: 1500 }), offer(2, { price: 9900 })], 2],
  ['own offer wins a tie', [offer(1, { price: 9500, minShippingPrice: 500 }), own(2, { price: 10000 })], 2],
  ['own offer 1 % above the cheapest wins', [offer(1, { price: 10000 }), own(2, { price: 10100 })], 2],
  ['own offer 1 cent beyond 1 % loses', [offer(1, { price: 10000 }), own(2, { price: 10101 })], 1],
  ['own 1 % rule uses landed cost', [offer(1, { price: 10000 }), own(2, { price: 9900, minShippingPrice: 201 })], 1],
  ['seller graded 5 is excluded when another offer exists', [offer(1, { price: 9000, sellerGrade: 5 }), offer(2, { price: 9500, sellerGrade: 6 })], 2],
  ['seller graded 6 is not excluded', [offer(1, { price: 9000, sellerGrade: 6 }), offer(2, { price: 9500, sellerGrade: 9 })], 1],
  ['ungraded seller (0) is not excluded', [offer(1, { price: 9000, sellerGrade: 0 }), offer(2, { price: 9500, sellerGrade: 9 })], 1],
  ['only low-grade sellers: the cheapest wins', [offer(1, { price: 9500, sellerGrade: 3 }), offer(2, { price: 9000, sellerGrade: 5 })], 2],
  ['a low-grade seller is not saved by an unavailable trusted one', [offer(1, { price: 9000, sellerGrade: 2 }), offer(2, { sellerGrade: 9, availabilityCode: 7 })], 1],
  ['new beats a cheaper refurbished offer', [offer(1, { price: 5000, condition: 'Reaconditioned-A' }), offer(2, { price: 9000 })], 2],
  ['new beats a cheaper refurbished own offer', [own(1, { price: 5000, condition: 'Reaconditioned-B' }), offer(2, { price: 9000 })], 2],
  ['refurbished wins when every new offer is unavailable', [offer(1, { availabilityCode: 6 }), offer(2, { price: 6000, condition: 'Reaconditioned-C' }), offer(3, { price: 5000, condition: 'Reaconditioned-A' })], 3],
  ['code 6 is not purchasable', [offer(1, { price: 5000, availabilityCode: 6 }), offer(2)], 2],
  ['code 5 (pre-order) is purchasable', [offer(1, { price: 5000, availabilityCode: 5 }), offer(2)], 1],
  ['codes 7, 9876, 9999 are not purchasable', [offer(1, { price: 1, availabilityCode: 7 }), offer(2, { price: 1, availabilityCode: 9876 }), offer(3, { price: 1, availabilityCode: 9999 }), offer(4)], 4],
  ['an unavailable own offer does not win', [own(1, { availabilityCode: 7 }), offer(2)], 2],
  ['tie → faster delivery', [offer(1, { deliveryMaxDays: 4 }), offer(2, { deliveryMaxDays: 2 })], 2],
  ['tie and same delivery → premium tier', [offer(1), offer(2, { sellerTier: 'premium' })], 2],
  ['tie everywhere → lower offerId', [offer(2), offer(1)], 1],
  ['two own offers within 1 %: the cheaper', [offer(1, { price: 10000 }), own(2, { price: 10100 }), own(3, { price: 10050 })], 3],
];

describe('buybox', () => {
  it.each(CASES)('%s', (_, offers, winnerId) => {
    expect(buybox(offers)?.winner.offerId).toBe(winnerId);
  });

  it.each([
    ['no offers', []],
    ['nothing purchasable', [offer(1, { availabilityCode: 6 }), offer(2, { availabilityCode: 9999 }), own(3, { availabilityCode: 9876 })]],
  ] as [string, BuyboxOffer[]][])('%s → null', (_, offers) => {
    expect(buybox(offers)).toBeNull();
  });

  it('lists the other purchasable offers by landed cost, without unavailable ones', () => {
    const result = buybox([
      offer(1, { price: 12000 }),
      offer(2, { price: 9000, sellerGrade: 4 }),
      own(3, { price: 10050 }),
      offer(4, { price: 3000, condition: 'Reaconditioned-A' }),
      offer(5, { price: 10000 }),
      offer(6, { price: 100, availabilityCode: 7 }),
    ]);
    expect(result?.winner.offerId).toBe(3);
    expect(result?.others.map((o) => o.offerId)).toEqual([4, 2, 5, 1]);
  });

  it('keeps the caller’s extra fields on the returned offers', () => {
    const result = buybox([{ ...offer(1), sellerName: 'Byte Outlet' }]);
    expect(result?.winner.sellerName).toBe('Byte Outlet');
    expect(result?.others).toEqual([]);
  });
});
