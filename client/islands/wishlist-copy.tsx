/**
 * Island: "Copy to my lists" on a public list (/lista-de-deseos/{id}). Signed in, it makes a new
 * private list of the customer's with the same name and copies the articles into it (the
 * customer gets a summary by e-mail), then links to it. Signed out, it is a link to the sign-in
 * page that comes back here afterwards.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api, unwrap } from '../api';
import { FormAlert, useApiForm } from '../components/forms';
import { useHref } from '../components/store-context';

export interface WishlistCopyProps {
  publicId: string;
  name: string;
  signedIn: boolean;
  /** The sign-in page with `next` back to this list. */
  loginHref: string;
}

export default function WishlistCopy({ publicId, name, signedIn, loginHref }: WishlistCopyProps) {
  const { t } = useLingui();
  const link = useHref();
  const form = useApiForm();
  const [copied, setCopied] = useState<number | null>(null);

  async function copy() {
    const done = await form.run(async () => {
      const list = await unwrap(api.basket.$post({ json: { name, type: 'wishlist', visibility: 'private' } }));
      await unwrap(api.basket[':id'].from[':sourceId'].$post({ param: { id: String(list.id), sourceId: publicId }, json: { sendEmail: true } }));
      return list;
    });
    if (done) setCopied(done.id);
  }

  if (!signedIn) {
    return (
      <p className="wishlist-copy">
        <a className="button button--secondary" href={loginHref}>
          <Trans>Sign in to copy it to your lists</Trans>
        </a>
      </p>
    );
  }
  return (
    <div className="wishlist-copy">
      <FormAlert message={form.error} />
      <button type="button" className="button button--secondary" onClick={copy} disabled={form.busy || copied !== null}>
        <Trans>Copy to my lists</Trans>
      </button>
      <p role="status">
        {copied !== null ? (
          <>
            {t`Copied to your lists.`}{' '}
            <a href={`${link('accountWishlist')}?list=${copied}`}>
              <Trans>See your copy</Trans>
            </a>
          </>
        ) : null}
      </p>
    </div>
  );
}
