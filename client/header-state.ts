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

/**
 * The header's <details> popovers (menu drawer, mega-menu panels, store selector) open and
 * close without script; with it, Escape closes the innermost open one and gives the focus
 * back to its summary, and a click outside closes them all.
 */
let popoversWired = false;
function wirePopovers(): void {
  if (popoversWired) return;
  popoversWired = true;
  const open = () => Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-popover][open]'));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const focused = document.activeElement;
    // The innermost one holding the focus (in it or in the panel after it), else the last open.
    const all = open();
    const target = all.filter((details) => focused && (details.contains(focused) || details.nextElementSibling?.contains(focused))).pop() ?? all.pop();
    if (!target) return;
    target.open = false;
    target.querySelector('summary')?.focus();
  });
  document.addEventListener('click', (event) => {
    const inside = event.target instanceof Node ? event.target : null;
    for (const details of open()) {
      const owned = details.nextElementSibling;
      if (inside && (details.contains(inside) || (owned?.matches('nav, .category-nav__panel') && owned.contains(inside)))) continue;
      details.open = false;
    }
  });
}

export function refreshHeader(): void {
  wirePopovers();
  if (cookie('ampora_signed_in') === '1') {
    document.querySelectorAll<HTMLElement>('[data-account-link] [data-signed-in], [data-account-link] [data-signed-out]').forEach((label) => {
      label.hidden = label.dataset.signedIn === undefined;
    });
  }
  refreshBasketCount();
}
