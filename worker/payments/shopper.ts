/**
 * Who a signed-in user is at the payment provider: the `shopperReference` their stored cards are
 * filed under. Stable for the life of the account and free of personal data (an id, not an e-mail).
 */
export function shopperReference(userId: number): string {
  return `ampora-user-${userId}`;
}
