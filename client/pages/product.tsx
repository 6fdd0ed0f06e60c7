/**
 * A product: images, name, brand, rating, the buying block (buy-box winner, price rules,
 * delivery, stock in shops), the other sellers' offers, description, the technical sheet in
 * groups and the reviews summary. One column on phones in the order a shopper decides (name
 * and rating, images, price, stock and delivery, button: all on the first screen), two on
 * desktops (images and details left, the buying column right, sticky). Layout in product.css.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { attributeLabel } from '../catalogue/facet-labels';
import { CONDITION_LABELS, TYPE_LABELS } from '../catalogue/labels';
import { CompareLink } from '../components/compare-link';
import { Island } from '../components/island';
import { Availability } from '../components/product-bits';
import { Part } from '../components/part';
import { preloadGallery, ProductGallery } from '../components/product-gallery';
import { ProductBuy, ProductBuyBar, SellerGrade, SellerName } from '../components/product-buy';
import { groupSpecs, SPEC_GROUP_LABELS } from '../catalogue/spec-groups';
import { DeliveryText } from '../components/product-bits';
import { useHref, useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { availability } from '../catalogue/availability';
import CompareTray, { compareStorageKey } from '../islands/compare-tray';
import AddToCart from '../islands/add-to-cart';
import ShareButton from '../islands/share-button';
import { slugHref } from '../routes';
import type { PricedOffer, ProductBuyInfo, ProductDetail } from '../types';
import { RatingHistogram, ReviewCard, ReviewsSummaryLine, StarsGraphic, type ReviewSummaryView, type ReviewView } from '../ugc/review-card';

export interface ProductData {
  product: ProductDetail;
  buy: ProductBuyInfo;
  /** The article's OK reviews: summary and the most helpful few (worker/db/product.ts). */
  reviews: { summary: ReviewSummaryView; items: ReviewView[] };
  /** The article's published questions: count and the two latest answered ones (worker/ugc/questions.ts). */
  questions?: { count: number; latest: { id: number; body: string; answerCount: number }[] };
  /** Sold as a subscription (worker/subscriptions): the months of each period. */
  subscriptionMonths?: number | null;
}

/** The reviews summary beside the title: stars, average and count of the OK reviews, linking to the reviews section. */
function RatingSummary({ summary }: { summary: ReviewSummaryView }) {
  if (summary.count === 0) {
    return (
      <p className="rating">
        <Trans>No reviews yet</Trans>
      </p>
    );
  }
  const stars = summary.stars.toFixed(1);
  const count = summary.count;
  return (
    <p className="rating">
      <StarsGraphic stars={summary.stars} id="stars-summary" />{' '}
      <a href="#reviews">
        <Trans>
          {stars} out of 5 · <Plural value={count} one="# review" other="# reviews" />
        </Trans>
      </a>
    </p>
  );
}

/**
 * The reviews section: average and count, the histogram by star bucket, the most helpful
 * reviews, and links to all of them and to writing one. Anonymous copies of this page are
 * cached at the edge for up to 300 s, so a newly published review shows here at most that late.
 */
function ReviewsSection({ product, reviews }: { product: ProductDetail; reviews: ProductData['reviews'] }) {
  const link = useHref();
  const { summary, items } = reviews;
  const count = summary.count;
  const write = (
    <a className="button button--secondary" href={link('addReview', { productId: String(product.id) })}>
      <Trans>Write a review</Trans>
    </a>
  );
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="product__reviews">
      <h2 id="reviews-title">
        <Trans>Customer reviews</Trans>
      </h2>
      {count === 0 ? (
        <>
          <p>
            <Trans>No one has reviewed this product yet. Tell other shoppers what you think of it.</Trans>
          </p>
          <p>{write}</p>
        </>
      ) : (
        <>
          <ReviewsSummaryLine summary={summary} id="stars-reviews" />
          <RatingHistogram summary={summary} />
          {items.length > 0 ? (
            <>
              <h3 className="product__reviews-top">
                <Trans>Most helpful reviews</Trans>
              </h3>
              <ul className="review-list">
                {items.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} headingLevel={4} votes={<HelpfulCount review={review} />} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p className="product__reviews-links">
            <a href={link('reviews', { product: product.slug })}>
              <Trans>Read all the reviews</Trans>
            </a>{' '}
            {write}
          </p>
        </>
      )}
    </section>
  );
}

/** How many found a review helpful (the cached product page carries no voting). */
function HelpfulCount({ review }: { review: ReviewView }) {
  if (review.helpful === 0) return null;
  const helpful = review.helpful;
  return (
    <p className="review-card__helpful">
      <Plural value={helpful} one="# person found this helpful" other="# people found this helpful" />
    </p>
  );
}

/**
 * One other seller's offer: a table row on desktops, a card on phones and tablets
 * (product.css). The labels inside the cells stand in for the column headers on cards.
 */
function OfferRow({ offer, articleId, name }: { offer: PricedOffer; articleId: number; name: string }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  return (
    <tr>
      <th scope="row" className="offers__seller">
        <SellerName offer={offer} /> <SellerGrade offer={offer} />
      </th>
      <td className="offers__price">{formatMoney(offer.price, language)}</td>
      <td className="offers__shipping">
        {offer.minShippingPrice > 0 ? (
          <>
            <span className="offers__label">
              <Trans>Shipping from</Trans>
            </span>{' '}
            {formatMoney(offer.minShippingPrice, language)}
          </>
        ) : (
          <>
            <span className="offers__label">
              <Trans>Shipping</Trans>
            </span>{' '}
            <Trans>Free</Trans>
          </>
        )}
      </td>
      <td className="offers__condition">
        <span className="offers__label">
          <Trans>Condition</Trans>
        </span>{' '}
        {i18n._(CONDITION_LABELS[offer.condition] ?? CONDITION_LABELS.new!)}
      </td>
      <td className="offers__availability">
        <Availability code={offer.availabilityCode} />
        <DeliveryText delivery={offer.delivery} />
      </td>
      <td className="offers__action">{availability(offer.availabilityCode).purchasable ? <Island name="add-to-cart" component={AddToCart} props={{ idArticle: articleId, idOffer: offer.offerId, name, compact: true }} /> : null}</td>
    </tr>
  );
}

/** The technical sheet: the specs in groups (client/catalogue/spec-groups.ts), each one a disclosure, the first open; then the identifiers. */
function TechnicalSheet({ product }: { product: ProductDetail }) {
  const { i18n } = useLingui();
  const groups = groupSpecs(product.specs);
  return (
    <section aria-labelledby="specs-title" className="product__specs">
      <h2 id="specs-title">
        <Trans>Specifications</Trans>
      </h2>
      {groups.map((group, index) => (
        <details key={group.id} className="specs-group" open={index === 0}>
          <summary>{i18n._(SPEC_GROUP_LABELS[group.id])}</summary>
          <dl className="specs">
            {group.entries.map(([key, value]) => (
              <div key={key}>
                <dt>{attributeLabel(key) ? i18n._(attributeLabel(key)!) : key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
      <details className="specs-group" open={groups.length === 0}>
        <summary>
          <Trans>General</Trans>
        </summary>
        <dl className="specs">
          <div>
            <dt>
              <Trans>Brand</Trans>
            </dt>
            <dd>{product.brand}</dd>
          </div>
          <div>
            <dt>
              <Trans>Reference</Trans>
            </dt>
            <dd>{product.reference}</dd>
          </div>
          <div>
            <dt>EAN</dt>
            <dd>{product.ean}</dd>
          </div>
        </dl>
      </details>
    </section>
  );
}

/** Questions and answers: how many, the two latest answered questions, links to all of them and to ask one. */
function QuestionsSection({ articleId, questions }: { articleId: number; questions: NonNullable<ProductData['questions']> }) {
  const link = useHref();
  const id = String(articleId);
  return (
    <section id="questions" aria-labelledby="questions-title" className="product__questions">
      <h2 id="questions-title">
        <Trans>Questions and answers</Trans>
      </h2>
      {questions.latest.length > 0 ? (
        <ul className="product__questions-list">
          {questions.latest.map((q) => (
            <li key={q.id}>
              <a href={link('wikiThread', { questionId: String(q.id) })}>{q.body}</a> <Plural value={q.answerCount} one="# answer" other="# answers" />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="product__reviews-links">
        {questions.count === 0 ? (
          <Trans>No questions yet.</Trans>
        ) : (
          <a href={link('wiki', { idArticle: id })}>
            <Plural value={questions.count} one="See the # question" other="See all # questions" />
          </a>
        )}{' '}
        <a className="button button--secondary" href={`${link('addQuestion')}?article=${id}`}>
          <Trans>Ask a question</Trans>
        </a>
      </p>
    </section>
  );
}

/**
 * The page, a pre-rendered part (worker/ssr/static-parts.tsx): the loader gives the same data
 * object for the same page, so the server renders it once per product, language and different
 * data (a new delivery estimate, a review), not on every request.
 */
export default function ProductPage({ data }: { data: ProductData }) {
  const { product } = data;
  preloadGallery(product.imageKey, product.brand);
  // The part's marker is text: inside the element, so that React writes no text separator
  // after it when the page's code is still loading (a segment of its own).
  return (
    <article className="product" data-product-id={product.id} data-recently-viewed={product.id}>
      <Part of={data} variant="product">
        <ProductContent data={data} />
      </Part>
    </article>
  );
}

function ProductContent({ data }: { data: ProductData }) {
  const { t, i18n } = useLingui();
  const { language, channel } = useStore();
  const { product, buy } = data;
  const typeLabel = TYPE_LABELS[product.type];
  const otherOffers = [...buy.others, ...buy.unavailable];
  return (
    <>
      {product.category ? (
        <nav aria-label={t`Breadcrumb`} className="breadcrumb">
          <ol>
            <li>
              <a href={slugHref(product.category.slug, language, channel)}>{product.category.name}</a>
            </li>
            <li>
              <span aria-current="page">{product.name}</span>
            </li>
          </ol>
        </nav>
      ) : null}
      <div className="product__layout">
        <div className="product__head">
          <h1>{product.name}</h1>
          <p className="product__brand">
            <Trans>Brand: {product.brand}</Trans> · <Trans>Ref. {product.reference}</Trans>
          </p>
          <RatingSummary summary={data.reviews.summary} />
          {typeLabel ? <p className="badge">{i18n._(typeLabel)}</p> : null}
        </div>
        <div className="product__media">
          <ProductGallery imageKey={product.imageKey} label={product.brand} name={product.name} />
        </div>
        <div className="product__buy">
          <ProductBuy buy={buy} articleId={product.id} name={product.name} />
          {data.subscriptionMonths ? <SubscriptionNote months={data.subscriptionMonths} /> : null}
          <Island name="share-button" component={ShareButton} props={{ title: product.name }} />
          {product.category ? (
            <p className="product__compare">
              <CompareLink id={product.id} name={product.name} categorySlug={product.category.slug} />
            </p>
          ) : null}
          <Island name="compare-tray" component={CompareTray} props={{}} hydrate="stored" storageKey={compareStorageKey(language)} />
        </div>
        <div className="product__details">
          {otherOffers.length > 0 ? (
            <section aria-labelledby="offers-title" className="product__offers">
              <h2 id="offers-title">
                <Plural value={otherOffers.length} one="# more offer" other="# more offers" />
              </h2>
              <table className="offers">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Seller</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Price</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Shipping from</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Condition</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Availability</Trans>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Add to basket</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {otherOffers.map((offer) => (
                    <OfferRow key={offer.offerId} offer={offer} articleId={product.id} name={product.name} />
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          <section aria-labelledby="description-title" className="product__description">
            <h2 id="description-title">
              <Trans>Description</Trans>
            </h2>
            <p>{product.description}</p>
          </section>
          <TechnicalSheet product={product} />
          <ReviewsSection product={product} reviews={data.reviews} />
          {data.questions ? <QuestionsSection articleId={product.id} questions={data.questions} /> : null}
        </div>
      </div>
      <ProductBuyBar buy={buy} articleId={product.id} name={product.name} />
    </>
  );
}

/** Under the buy box of an article sold as a subscription: it renews on the paying card every period. */
function SubscriptionNote({ months }: { months: number }) {
  return (
    <p className="product__subscription" data-subscription-months={months}>
      <small>
        {months === 1 ? <Trans>Subscription: renews every month on your card until you cancel it</Trans> : months === 12 ? <Trans>Subscription: renews every year on your card until you cancel it</Trans> : <Trans>Subscription: renews every {months} months on your card until you cancel it</Trans>}
      </small>
    </p>
  );
}
