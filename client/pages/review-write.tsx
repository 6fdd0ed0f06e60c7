/**
 * addReview (`/opinion-productos/:productId`): the product being reviewed and the review form
 * island (nick step, stars, title, text, photos). Open to a signed-in customer, or to anyone with
 * a valid review invitation (`?token=`) for this product. Editing one's review is the same page.
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import { ProductImage } from '../components/product-bits';
import ReviewForm, { type ReviewFormProps } from '../islands/review-form';

export interface ReviewWriteData {
  product: { id: number; name: string; imageKey: string; path: string };
  /** null: the invitation link is invalid or expired. */
  form: ReviewFormProps | null;
  /** The author bought it (their review carries the verified-purchase mark). */
  verified: boolean;
  loginPath: string;
}

export default function ReviewWritePage({ data }: { data: ReviewWriteData }) {
  const { product, form } = data;
  const name = product.name;
  return (
    <div className="review-write">
      <header className="review-write__product">
        <ProductImage imageKey={product.imageKey} preset="small" label={name} alt="" />
        <div>
          <h1>{form?.existing ? <Trans>Edit your review of {name}</Trans> : <Trans>Your review of {name}</Trans>}</h1>
          <p>
            <a href={product.path}>
              <Trans>See the product</Trans>
            </a>
          </p>
        </div>
      </header>
      {form === null ? (
        <p className="notification notification--warning">
          <Trans>
            This review link is no longer valid. <a href={data.loginPath}>Sign in</a> to write your review.
          </Trans>
        </p>
      ) : (
        <>
          <p className="review-write__note">
            {data.verified ? (
              <Trans>You bought this product: your review will show the verified purchase mark.</Trans>
            ) : (
              <Trans>We have no purchase of this product in your account, so our team checks your review before it is published.</Trans>
            )}
          </p>
          <noscript>
            <p className="notification notification--warning">
              <Trans>Writing a review needs JavaScript. Turn it on in your browser and reload the page.</Trans>
            </p>
          </noscript>
          <Island name="review-form" component={ReviewForm} props={form} hydrate="load" />
        </>
      )}
    </div>
  );
}
