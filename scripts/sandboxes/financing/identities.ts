// The sandbox's test identities (docs/payments-financing.md): the Spanish document id typed on the
// application page decides the outcome. Any other valid DNI/NIE is approved.

export type Decision = 'approved' | 'denied' | 'pending_review';

export const TEST_IDENTITIES: Record<string, Decision> = {
  '00000000T': 'approved',
  '11111111H': 'denied',
  '22222222J': 'pending_review',
};

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Whether `value` is a DNI (8 digits and its check letter) or an NIE (X/Y/Z, 7 digits, letter). */
export function validSpanishId(value: string): boolean {
  const id = value.trim().toUpperCase();
  const match = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(id);
  if (!match) return false;
  const [, prefix = '', digits = '', letter] = match;
  if (prefix === '' ? digits.length !== 8 : digits.length !== 7) return false;
  const number = Number(`${prefix === '' ? '' : 'XYZ'.indexOf(prefix)}${digits}`);
  return LETTERS[number % 23] === letter;
}

export function decisionFor(documentId: string): Decision {
  return TEST_IDENTITIES[documentId.trim().toUpperCase()] ?? 'approved';
}
