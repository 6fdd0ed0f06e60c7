/**
 * The header's personal bits on pages that are the same for everyone (and cached): "My account"
 * instead of "Sign in", and the basket count, read from the readable companion cookies the
 * server sets (`ampora_signed_in`, `ampora_cart_units`; no secret in either).
 */
function cookie(name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie)?.[1];
}

export function refreshBasketCount(): void {
  const units = Number(cookie('ampora_cart_units') ?? '0');
  document.querySelectorAll<HTMLElement>('[data-basket-count]').forEach((badge) => {
    badge.textContent = units > 0 ? String(units) : '';
    badge.hidden = !(units > 0);
  });
}

export function refreshHeader(): void {
  if (cookie('ampora_signed_in') === '1') {
    document.querySelectorAll<HTMLElement>('[data-account-link] [data-signed-in], [data-account-link] [data-signed-out]').forEach((label) => {
      label.hidden = label.dataset.signedIn === undefined;
    });
  }
  refreshBasketCount();
}
