/**
 * The product comparator: 1–4 products of one category side by side in one table — price,
 * availability, rating and brand, then the technical sheet in its groups — with the rows whose
 * values differ marked in words (not colour alone) and a "show only differences" switch that is
 * a plain checkbox read by CSS (no script). Each product has "add to basket" (the add-to-cart
 * island, as on the product page) and a link that removes it; below, links add more products
 * and open the category's popular comparisons, so the whole thing works without JavaScript.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { availability } from '../catalogue/availability';
import { comparisonHref, type CompareRefusal } from '../catalogue/compare';
import { attributeLabel } from '../catalogue/facet-labels';
import { SPEC_GROUP_LABELS } from '../catalogue/spec-groups';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { useRemoveLabel } from '../components/compare-link';
import { Island } from '../components/island';
import { LinkChips } from '../components/link-chips';
import { Availability, Price, ProductImage } from '../components/product-bits';
import { useStore } from '../components/store-context';
import AddToCart from '../islands/add-to-cart';
import { formatMoney } from '../i18n/format';
import { slugHref } from '../routes';
import type { ProductCard } from '../types';
import type { ComparedArticle } from '../../worker/db/comparison';
import type { ComparisonRow } from '../../worker/domain/catalogue/comparison';

export interface ComparisonLink {
  name: string;
  href: string;
}

export interface ComparatorData {
  category: { name: string; slug: string };
  title: string;
  articles: Omit<ComparedArticle, 'specs' | 'slugs'>[];
  rows: ComparisonRow[];
  /** Whether the overview rows differ between the products. */
  overview: Record<'price' | 'availability' | 'rating' | 'brand', boolean>;
  /** Why the address is not a comparison (too few, too many, mixed categories), in the page's language. */
  refusal: string | null;
  refusalKind: CompareRefusal | null;
  /** The category's products that can still be added. */
  candidates: ProductCard[];
  popular: ComparisonLink[];
  breadcrumbs: Crumb[];
}

const ONLY_DIFFERENCES = 'compare-only-differences';

/** One row of the table; `differs` marks it in words and keeps it when only differences are shown. */
function Row({ label, differs, keep, children }: { label: ReactNode; differs: boolean; keep?: boolean; children: ReactNode }) {
  return (
    <tr className={differs ? 'comparator__row comparator__row--differs' : 'comparator__row'} data-differs={differs ? '' : undefined} data-keep={keep ? '' : undefined}>
      <th scope="row">
        {label}
        {differs ? (
          <>
            {' '}
            <span className="badge comparator__differs">
              <Trans>Differs</Trans>
            </span>
          </>
        ) : null}
      </th>
      {children}
    </tr>
  );
}

function Rating({ average, count }: { average: number; count: number }) {
  if (count === 0) return <Trans>No reviews yet</Trans>;
  const stars = (average / 2).toFixed(1);
  return (
    <Trans>
      {stars} out of 5 · <Plural value={count} one="# review" other="# reviews" />
    </Trans>
  );
}

function Missing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">
        <Trans>Not specified</Trans>
      </span>
    </>
  );
}

export default function ComparatorPage({ data }: { data: ComparatorData }) {
  const { i18n } = useLingui();
  const { language, channel } = useStore();
  const removeLabel = useRemoveLabel();
  const { articles, rows, overview, category } = data;
  const categoryName = category.name;
  const ids = articles.map((article) => article.id);
  const count = articles.length;
  const groups = [...new Set(rows.map((row) => row.group))];
  return (
    <article className="comparator" data-compared={ids.join(',')}>
      <Breadcrumbs crumbs={data.breadcrumbs} />
      <h1>{data.title}</h1>
      {data.refusal ? (
        <div className={data.refusalKind === 'tooFew' ? 'alert alert--info' : 'alert alert--warn'} role="status">
          <p>{data.refusal}</p>
        </div>
      ) : null}
      {count > 0 ? (
        <>
          <p className="field field--check comparator__switch">
            <input type="checkbox" id={ONLY_DIFFERENCES} />
            <label htmlFor={ONLY_DIFFERENCES}>
              <Trans>Show only the differences</Trans>
            </label>
          </p>
          <div className="comparator__scroll" role="region" aria-labelledby="comparison-caption" tabIndex={0}>
            <table className="table comparator__table">
              <caption id="comparison-caption">
                <Trans>
                  {categoryName}: <Plural value={count} one="# product" other="# products" /> side by side. Rows marked “Differs” have different values.
                </Trans>
              </caption>
              <thead>
                <tr>
                  <td />
                  {articles.map((article) => (
                    <th scope="col" key={article.id} className="comparator__product">
                      <a href={slugHref(article.slug, language, channel)}>
                        <ProductImage imageKey={article.imageKey} preset="small" label={article.brand} alt="" />
                        <span className="comparator__name">{article.name}</span>
                      </a>
                      <a
                        className="comparator__remove"
                        href={ids.length > 1 ? comparisonHref(category.slug, ids.filter((id) => id !== article.id), language, channel) : slugHref(category.slug, language, channel)}
                        aria-label={removeLabel(article.name)}
                      >
                        <Trans>Remove</Trans>
                      </a>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <Row label={<Trans>Price</Trans>} differs={overview.price} keep>
                  {articles.map((article) => (
                    <td key={article.id} data-price-cents={article.price ?? undefined}>
                      <Price price={article.price} originalPrice={article.originalPrice} />
                    </td>
                  ))}
                </Row>
                <Row label={<Trans>Availability</Trans>} differs={overview.availability}>
                  {articles.map((article) => (
                    <td key={article.id}>
                      <Availability code={article.availabilityCode} />
                    </td>
                  ))}
                </Row>
                <Row label={<Trans>Rating</Trans>} differs={overview.rating}>
                  {articles.map((article) => (
                    <td key={article.id}>
                      <Rating average={article.ratingAverage} count={article.ratingCount} />
                    </td>
                  ))}
                </Row>
                <Row label={<Trans>Brand</Trans>} differs={overview.brand}>
                  {articles.map((article) => (
                    <td key={article.id}>{article.brand}</td>
                  ))}
                </Row>
                <Row label={<Trans>Buy</Trans>} differs={false} keep>
                  {articles.map((article) => (
                    <td key={article.id}>
                      {article.offerId !== null && availability(article.availabilityCode).purchasable ? (
                        <Island name="add-to-cart" component={AddToCart} props={{ idArticle: article.id, idOffer: article.offerId, name: article.name }} />
                      ) : (
                        <Trans>This product cannot be bought right now.</Trans>
                      )}
                    </td>
                  ))}
                </Row>
              </tbody>
              {groups.map((group) => {
                const own = rows.filter((row) => row.group === group);
                return (
                  <tbody key={group}>
                    <tr className="comparator__group" data-differs={own.some((row) => row.differs) ? '' : undefined}>
                      <th scope="colgroup" colSpan={count + 1}>
                        {i18n._(SPEC_GROUP_LABELS[group])}
                      </th>
                    </tr>
                    {own.map((row) => {
                      const label = attributeLabel(row.key);
                      return (
                        <Row key={row.key} label={label ? i18n._(label) : row.key} differs={row.differs}>
                          {row.values.map((value, index) => (
                            <td key={ids[index]}>{value ?? <Missing />}</td>
                          ))}
                        </Row>
                      );
                    })}
                  </tbody>
                );
              })}
            </table>
          </div>
        </>
      ) : null}
      {data.candidates.length > 0 ? (
        <section aria-labelledby="comparison-add" className="comparator__more">
          <h2 id="comparison-add">{count > 0 ? <Trans>Add another product</Trans> : <Trans>Choose products to compare</Trans>}</h2>
          <ul className="comparator__candidates">
            {data.candidates.map(({ name: cardName, ...card }) => (
              <li key={card.id}>
                <a href={comparisonHref(category.slug, [...ids, card.id], language, channel)}>
                  <Trans>
                    Add to the comparison: <span className="comparator__candidate-name">{cardName}</span>
                  </Trans>
                </a>{' '}
                {card.price !== null ? <span className="comparator__candidate-price">{formatMoney(card.price, language)}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.popular.length > 0 ? (
        <nav aria-labelledby="comparison-popular" className="comparator__more">
          <h2 id="comparison-popular">
            <Trans>Popular comparisons</Trans>
          </h2>
          <LinkChips links={data.popular} />
        </nav>
      ) : null}
    </article>
  );
}
