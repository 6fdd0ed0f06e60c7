/**
 * The only script every page loads (a few hundred bytes): it finds the islands and hydrates
 * each one when its moment comes. React and the catalog load with the first island that needs
 * them, never before. A click that arrives before its island is ready is held and replayed.
 */
import './styles/app.css';
import './styles/header.css';
import './styles/home.css';
import './styles/listing.css';
import './styles/product.css';
import './styles/checkout.css';
import './styles/content.css';
import './styles/comparator.css';
import './styles/admin.css';
import './styles/ugc-reviews.css';
import './styles/ugc-questions.css';
import './styles/configurator.css';
import './styles/ugc-community.css';
import './styles/ugc-media.css';
import './styles/ugc-campaigns.css';
import './styles/account-digital-keys.css';
import './styles/account-coupons.css';
import './styles/account-subscriptions.css';
import './styles/account-insurances.css';
import './styles/account-inbox.css';
import './styles/account-wishlists.css';
import './styles/account-gift-cards.css';
import './styles/account-tax-certificates.css';
import { refreshHeader } from './header-state';
import { trackRecentlyViewed } from './recently-viewed';
import { trackVisitor } from './visitor-session';

type Moment = 'load' | 'idle' | 'visible' | 'interaction' | 'stored';
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;

const hydrations = new WeakMap<HTMLElement, Promise<void>>();

/** Starts (once) and returns the hydration of an island. */
function hydrate(island: HTMLElement): Promise<void> {
  let pending = hydrations.get(island);
  if (pending) return pending;
  island.dataset.hydrated = 'pending';
  pending = import('./island-runtime')
    .then(({ hydrateIsland }) => hydrateIsland(island))
    .then(() => {
      island.dataset.hydrated = 'true';
    })
    .catch((error: unknown) => {
      island.dataset.hydrated = 'failed';
      console.error(error);
    });
  hydrations.set(island, pending);
  return pending;
}

function onInteraction(island: HTMLElement) {
  let heldClick: EventTarget | null = null;
  let heldSubmit: HTMLFormElement | null = null;
  const start = () => {
    for (const type of INTENT_EVENTS) island.removeEventListener(type, start);
    void hydrate(island).then(() => {
      island.removeEventListener('click', hold, true);
      island.removeEventListener('submit', holdSubmit, true);
      const target = heldClick;
      const form = heldSubmit;
      heldClick = null;
      heldSubmit = null;
      if (target instanceof HTMLElement) target.click();
      else if (form) form.requestSubmit();
    });
  };
  // A form submitted before its island is live must not be sent by the browser (a GET with its fields).
  const holdSubmit = (event: Event) => {
    if (island.dataset.hydrated === 'true') return;
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) heldSubmit = event.target;
    start();
  };
  const hold = (event: Event) => {
    if (island.dataset.hydrated === 'true') return;
    event.preventDefault();
    event.stopPropagation();
    heldClick = event.target;
    start();
  };
  for (const type of INTENT_EVENTS) island.addEventListener(type, start, { passive: true });
  island.addEventListener('click', hold, true);
  island.addEventListener('submit', holdSubmit, true);
}

/**
 * `stored`: hydrate now when the browser keeps the island's storage key; else at the first plain
 * click on a trigger of it elsewhere in the page (`data-wakes-island`), replayed once it is live.
 */
function onStoredOrTrigger(island: HTMLElement) {
  const key = island.dataset.storageKey;
  let stored = false;
  try {
    stored = key !== undefined && localStorage.getItem(key) !== null;
  } catch {
    // Storage refused (private mode): wait for a trigger.
  }
  if (stored) return void hydrate(island);
  const hold = (event: MouseEvent) => {
    const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>(`[data-wakes-island="${island.dataset.island}"]`) : null;
    if (!trigger || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    document.removeEventListener('click', hold, true);
    void hydrate(island).then(() => trigger.click());
  };
  document.addEventListener('click', hold, true);
}

function schedule(island: HTMLElement) {
  const moment = (island.dataset.hydrate ?? 'interaction') as Moment;
  if (moment === 'load') void hydrate(island);
  else if (moment === 'idle') ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => void hydrate(island));
  else if (moment === 'visible') {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void hydrate(island);
      }
    });
    // The wrapper is `display: contents` (no box of its own, so never intersecting): watch its children too.
    for (const target of [island, ...island.children]) observer.observe(target);
  } else if (moment === 'stored') onStoredOrTrigger(island);
  else onInteraction(island);
}

// The script is async and the page is streamed: it may run before the end of the page has
// arrived. Islands present now are scheduled at once; the rest when the document is complete.
const scheduled = new WeakSet<HTMLElement>();
function scheduleNew() {
  for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (scheduled.has(island)) continue;
    scheduled.add(island);
    schedule(island);
  }
}
scheduleNew();
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scheduleNew, { once: true });

// Recently viewed products: record this product page, reveal the home's strip (client/recently-viewed.ts).
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', trackRecentlyViewed, { once: true });
else trackRecentlyViewed();

// Signed in, and how many units in the basket (client/header-state.ts).
refreshHeader();

// The visitor session, when the browser is idle (client/visitor-session.ts).
('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => void trackVisitor());
