/**
 * Island: the home's "Recently viewed" strip. The ids live in this browser
 * (client/recently-viewed.ts); the cards come from GET /api/catalogue/cards. The server renders
 * the strip hidden, the page script reveals it when there are ids (its space is reserved by
 * the placeholders below), and this island, hydrating when the strip comes into view, fills it
 * or hides it again when nothing can be shown.
 */
import { useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../api';
import { ProductCard } from '../components/product-bits';
import { recentlyViewed } from '../recently-viewed';
import type { ProductCard as ProductCardData } from '../types';

/** Placeholders while the cards load: as many as a row shows, the height of a card. */
const PLACEHOLDERS = 4;

export default function RecentlyViewed() {
  const [cards, setCards] = useState<ProductCardData[] | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const ids = recentlyViewed();
    const strip = list.current?.closest<HTMLElement>('[data-recently-viewed-strip]');
    const hide = () => {
      if (strip) strip.hidden = true;
    };
    if (ids.length === 0) return hide();
    const controller = new AbortController();
    unwrap(api.catalogue.cards.$get({ query: { ids: ids.join(',') } }, { init: { signal: controller.signal } }))
      .then((found) => (found.length > 0 ? setCards(found) : hide()))
      .catch(() => {
        if (!controller.signal.aborted) hide();
      });
    return () => controller.abort();
  }, []);

  return (
    <ul className="strip" ref={list} aria-busy={cards === null}>
      {cards === null
        ? Array.from({ length: PLACEHOLDERS }, (_, index) => <li key={index} className="strip__placeholder" aria-hidden="true" />)
        : cards.map((card) => (
            <li key={card.id}>
              <ProductCard product={card} />
            </li>
          ))}
    </ul>
  );
}
