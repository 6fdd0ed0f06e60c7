import { describe, expect, it } from 'vitest';
import type { CartViewData } from '../../../client/cart/api';
import {
  answerForcesServer,
  CART_COPY_KEY,
  COPY_VALIDITY_MS,
  FORCED_FROM_SERVER_KEY,
  FORCED_FROM_SERVER_MS,
  isCartFailure,
  isForcedFromServer,
  loadCart,
  makeCopy,
  parseCopy,
  readCartCopy,
  rememberCartAnswer,
  usableCopy,
} from '../../../client/cart/local-copy';

const NOW = 1_800_000_000_000;
const ID = '0b7c2a4e-1111-4222-8333-444455556666';
const OTHER = '0b7c2a4e-9999-4222-8333-444455556666';

function cart(idCart = ID, outOfStock: CartViewData['outOfStock'] = null): CartViewData {
  return {
    idCart,
    articles: [],
    otherChannelArticles: [],
    units: 0,
    totals: { articlesSubtotal: 0, totalDiscountInCart: 0, shippingCost: null, marketPlaceShippingCost: null, dropShippingShippingCost: null, totalPrice: 0, totalToPay: 0, totalInstallationPrice: 0, cartShops: [] },
    notices: [],
    outOfStock,
    criticalErrors: [],
    updatedAt: NOW,
  };
}

const copyAt = (savedAt: number, idCart = ID) => JSON.stringify(makeCopy(cart(idCart), savedAt));

/** A Map-backed Storage, so the wrappers can be tested without a browser. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the constants (spec §9 and ours)', () => {
  it('keeps a copy 5 minutes and forces server reads for 86,400 s', () => {
    expect(COPY_VALIDITY_MS).toBe(300_000);
    expect(FORCED_FROM_SERVER_MS).toBe(86_400_000);
    expect(makeCopy(cart(), NOW)).toEqual({ idCart: ID, savedAt: NOW, expiresAt: NOW + 300_000, cart: cart() });
  });
});

describe('usableCopy: the local copy or the server (spec §4, §5)', () => {
  const forcedUntil = String(NOW + 1000);
  it.each([
    ['a fresh copy of this cart', copyAt(NOW), null, ID, NOW + 1, true],
    ['a copy saved this very moment', copyAt(NOW), null, ID, NOW, true],
    ['the last millisecond of validity', copyAt(NOW), null, ID, NOW + COPY_VALIDITY_MS - 1, true],
    ['an expired copy', copyAt(NOW), null, ID, NOW + COPY_VALIDITY_MS, false],
    ['a copy of another cart', copyAt(NOW, OTHER), null, ID, NOW + 1, false],
    ['a copy saved in the future (clock moved back)', copyAt(NOW + 60_000), null, ID, NOW, false],
    ['no copy', null, null, ID, NOW, false],
    ['a malformed copy', '{not json', null, ID, NOW, false],
    ['a copy without its cart', JSON.stringify({ idCart: ID, savedAt: NOW, expiresAt: NOW + 1000 }), null, ID, NOW, false],
    ['a copy whose cart is another one', JSON.stringify({ ...makeCopy(cart(OTHER), NOW), idCart: ID }), null, ID, NOW, false],
    ['a fresh copy while the forced flag is on', copyAt(NOW), forcedUntil, ID, NOW + 1, false],
    ['a fresh copy once the forced flag has ended', copyAt(NOW), String(NOW), ID, NOW + 1, true],
    ['a fresh copy with a malformed flag', copyAt(NOW), 'soon', ID, NOW + 1, true],
  ])('%s', (_label, copyRaw, forcedRaw, idCart, now, usable) => {
    const result = usableCopy(copyRaw, forcedRaw, idCart, now);
    if (usable) expect(result).toEqual(cart());
    else expect(result).toBeUndefined();
  });
});

describe('the forced cart-from-server flag', () => {
  it.each([
    [null, NOW, false],
    ['', NOW, false],
    ['not a number', NOW, false],
    [String(NOW + FORCED_FROM_SERVER_MS), NOW, true],
    [String(NOW + FORCED_FROM_SERVER_MS), NOW + FORCED_FROM_SERVER_MS - 1, true],
    [String(NOW + FORCED_FROM_SERVER_MS), NOW + FORCED_FROM_SERVER_MS, false],
  ])('stored %s at %d → %s', (raw, now, forced) => {
    expect(isForcedFromServer(raw, now)).toBe(forced);
  });

  it('is set by an out-of-stock answer, not by a plain one', () => {
    expect(answerForcesServer(cart())).toBe(false);
    expect(answerForcesServer(cart(ID, { modifiedArticles: [], removedArticles: [{ idArticle: 1, name: 'X' }], emptyCart: false }))).toBe(true);
  });

  it.each([
    [{ code: 1119 }, true],
    [{ code: 1121 }, true],
    [{ code: 1102 }, true],
    [{ code: 1137 }, true],
    [{ code: 1201 }, false],
    [{ code: 'NETWORK' }, false],
    [{ code: 'TIMEOUT' }, false],
    [new Error('boom'), false],
    [null, false],
  ])('a failure %o is a cart error: %s', (failure, expected) => {
    expect(isCartFailure(failure)).toBe(expected);
  });
});

describe('parseCopy', () => {
  it('reads back what makeCopy wrote', () => {
    expect(parseCopy(copyAt(NOW))).toEqual(makeCopy(cart(), NOW));
    expect(parseCopy('null')).toBeUndefined();
    expect(parseCopy(JSON.stringify({ idCart: 1, savedAt: NOW, expiresAt: NOW, cart: cart() }))).toBeUndefined();
  });
});

describe('storage wrappers', () => {
  it('keeps the copy after an answer and serves it within its validity', () => {
    const store = new MemoryStorage();
    rememberCartAnswer(cart(), NOW, store);
    expect(store.getItem(FORCED_FROM_SERVER_KEY)).toBeNull();
    expect(readCartCopy(ID, NOW + 1000, store)).toEqual(cart());
    expect(readCartCopy(OTHER, NOW + 1000, store)).toBeUndefined();
    // The copy of another cart is dropped once passed over.
    expect(store.getItem(CART_COPY_KEY)).toBeNull();
  });

  it('sets the forced flag on an out-of-stock answer; reads then go to the server for a day', async () => {
    const store = new MemoryStorage();
    const outOfStock = cart(ID, { modifiedArticles: [{ idArticle: 1, name: 'A', qty: 1 }], removedArticles: [], emptyCart: false });
    rememberCartAnswer(outOfStock, NOW, store);
    expect(store.getItem(FORCED_FROM_SERVER_KEY)).toBe(String(NOW + 86_400_000));
    expect(readCartCopy(ID, NOW + 1000, store)).toBeUndefined();
    // Passed over only because of the flag: the copy stays.
    expect(store.getItem(CART_COPY_KEY)).not.toBeNull();
    let calls = 0;
    const fetchCart = async () => {
      calls++;
      return cart();
    };
    await loadCart(ID, fetchCart, () => NOW + 2000, store);
    await loadCart(ID, fetchCart, () => NOW + 3000, store);
    expect(calls).toBe(2);
  });

  it('loadCart uses a valid copy, and fetches (then keeps) when it is expired or of another cart', async () => {
    const store = new MemoryStorage();
    const fetched: string[] = [];
    const fetchCart = async (id: string) => {
      fetched.push(id);
      return cart(id);
    };
    expect(await loadCart(ID, fetchCart, () => NOW, store)).toEqual(cart());
    expect(await loadCart(ID, fetchCart, () => NOW + 60_000, store)).toEqual(cart());
    expect(fetched).toEqual([ID]);
    await loadCart(ID, fetchCart, () => NOW + COPY_VALIDITY_MS, store);
    await loadCart(OTHER, fetchCart, () => NOW + COPY_VALIDITY_MS + 1, store);
    expect(fetched).toEqual([ID, ID, OTHER]);
    expect(parseCopy(store.getItem(CART_COPY_KEY))?.idCart).toBe(OTHER);
  });

  // Node has no localStorage: left out or undefined, the store is none here, as in a browser without storage.
  it('does nothing without storage, and survives a storage that refuses writes', async () => {
    expect(() => rememberCartAnswer(cart(), NOW, undefined)).not.toThrow();
    expect(readCartCopy(ID, NOW, undefined)).toBeUndefined();
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => rememberCartAnswer(cart(ID, { modifiedArticles: [], removedArticles: [], emptyCart: true }), NOW, full)).not.toThrow();
    let calls = 0;
    await loadCart(ID, async () => (calls++, cart()), () => NOW, undefined);
    await loadCart(ID, async () => (calls++, cart()), () => NOW, undefined);
    expect(calls).toBe(2);
  });
});
