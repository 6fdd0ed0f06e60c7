// Test cards the sandbox knows, a subset of Adyen's published list: repository
// adyen-examples/adyen-testcards-extension, data/cards.json (commit a8604b1e of 2025-01-10, MIT licence,
// Copyright (c) 2023 Adyen). Kept: the card schemes of the store (Amex, Cartes Bancaires, CUP, Diners,
// Discover, JCB, Maestro, Mastercard, Visa). `secure3DS` cards ask for a 3-D Secure 2 challenge
// (password "password"), as in Adyen's test environment.
export interface TestCard {
  number: string;
  brand: string;
  expiry: string;
  cvc: string | null;
  country: string;
  secure3DS: boolean;
  /** 3-D Secure 2 without a challenge (frictionless): authorised after the device fingerprint. */
  frictionless?: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '370000000000002', brand: 'amex', expiry: '03/30', cvc: '7373', country: 'NL', secure3DS: false },
  { number: '370000000100018', brand: 'amex', expiry: '03/30', cvc: '7373', country: 'NL', secure3DS: false },
  { number: '371449635398431', brand: 'amex', expiry: '03/30', cvc: '7373', country: 'n/a', secure3DS: true },
  { number: '6703444444444449', brand: 'maestro', expiry: '03/30', cvc: null, country: 'BE', secure3DS: true },
  { number: '4871049999999910', brand: 'visa', expiry: '03/30', cvc: '737', country: 'BE', secure3DS: false },
  { number: '4360000001000005', brand: 'cartebancaire', expiry: '03/30', cvc: '737', country: 'FR', secure3DS: true },
  { number: '4035501428146300', brand: 'cartebancaire', expiry: '03/30', cvc: '737', country: 'FR', secure3DS: true },
  { number: '4035501000000008', brand: 'visa', expiry: '03/30', cvc: '737', country: 'FR', secure3DS: false },
  { number: '8171999927660000', brand: 'cup', expiry: '10/30', cvc: '737', country: 'CN', secure3DS: false },
  { number: '8171999900000000021', brand: 'cup', expiry: '10/30', cvc: '737', country: 'CN', secure3DS: false },
  { number: '6243030000000001', brand: 'cup', expiry: '12/29', cvc: '737', country: 'CN', secure3DS: false },
  { number: '6250947000000014', brand: 'cup', expiry: '03/30', cvc: '123', country: 'CN', secure3DS: true },
  { number: '4571000000000001', brand: 'visa', expiry: '03/30', cvc: '737', country: 'DK', secure3DS: false },
  { number: '36006666333344', brand: 'diners', expiry: '03/30', cvc: '737', country: 'US', secure3DS: false },
  { number: '36070500001020', brand: 'diners', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '30569309025904', brand: 'diners', expiry: '03/30', cvc: '737', country: 'n/a', secure3DS: true },
  { number: '6011601160116611', brand: 'discover', expiry: '03/30', cvc: '737', country: 'US', secure3DS: false },
  { number: '6445644564456445', brand: 'discover', expiry: '03/30', cvc: '737', country: 'GB', secure3DS: false },
  { number: '6011111111111117', brand: 'discover', expiry: '03/30', cvc: '737', country: 'n/a', secure3DS: true },
  { number: '3569990010095841', brand: 'jcb', expiry: '03/30', cvc: '737', country: 'US', secure3DS: false },
  { number: '6771798021000008', brand: 'maestro', expiry: '03/30', cvc: '737', country: 'US', secure3DS: false },
  { number: '5000550000000029', brand: 'maestro', expiry: '03/30', cvc: null, country: 'n/a', secure3DS: true },
  { number: '2222400070000005', brand: 'mc', expiry: '03/30', cvc: '737', country: 'CA', secure3DS: false },
  { number: '5555341244441115', brand: 'mc', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '5577000055770004', brand: 'mc', expiry: '03/30', cvc: '737', country: 'PL', secure3DS: false },
  { number: '5555444433331111', brand: 'mc', expiry: '03/30', cvc: '737', country: 'GB', secure3DS: false },
  { number: '2222410740360010', brand: 'mc', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '5555555555554444', brand: 'mc', expiry: '03/30', cvc: '737', country: 'GB', secure3DS: false },
  { number: '2222410700000002', brand: 'mc', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '2222400010000008', brand: 'mc', expiry: '03/30', cvc: '737', country: 'CA', secure3DS: false },
  { number: '2223000048410010', brand: 'mc', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '2222400060000007', brand: 'mc', expiry: '03/30', cvc: '737', country: 'CA', secure3DS: false },
  { number: '2223520443560010', brand: 'mc', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '2222400030000004', brand: 'mc', expiry: '03/30', cvc: '737', country: 'CA', secure3DS: false },
  { number: '5100060000000002', brand: 'mc', expiry: '12/29', cvc: '737', country: 'US', secure3DS: false },
  { number: '2222400050000009', brand: 'mc', expiry: '03/30', cvc: '737', country: 'CA', secure3DS: false },
  { number: '5103221911199245', brand: 'mc', expiry: '03/30', cvc: '737', country: 'BR', secure3DS: false },
  { number: '5454545454545454', brand: 'mc', expiry: '03/30', cvc: '737', country: 'n/a', secure3DS: true },
  { number: '4111111145551142', brand: 'visa', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '4111112014267661', brand: 'visa', expiry: '12/30', cvc: '737', country: 'FR', secure3DS: false },
  { number: '4988438843884305', brand: 'visa', expiry: '03/30', cvc: '737', country: 'ES', secure3DS: false },
  { number: '4166676667666746', brand: 'visa', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '4111111111111111', brand: 'visa', expiry: '03/30', cvc: '737', country: 'NL', secure3DS: false },
  { number: '4444333322221111', brand: 'visa', expiry: '03/30', cvc: '737', country: 'GB', secure3DS: false },
  { number: '4917610000000000', brand: 'visa', expiry: '03/30', cvc: '737', country: 'n/a', secure3DS: true },
  { number: '4001020000000009', brand: 'visa', expiry: '03/30', cvc: '737', country: 'BR', secure3DS: false },
  // From Adyen's test-card documentation page (not in the extension's list): 3-D Secure 2 frictionless.
  { number: '5201281505129736', brand: 'mc', expiry: '03/30', cvc: '737', country: 'n/a', secure3DS: true, frictionless: true },
];
