/**
 * The CMS preview: a post as it will look, including content scheduled for later, under a
 * banner that says so. Never indexed; the normal pages never show content before its time.
 */
import { Trans } from '@lingui/react/macro';
import { PostDate } from './blog';
import { PostArticle, type PostView } from './blog-post';

export interface CmsPreviewData {
  post: PostView;
  /** ISO date-time from which this content is public, or null when it already is. */
  publicFrom: string | null;
  /** The previewed scheduled content, or null for the post's own body. */
  scheduledId: number | null;
}

export default function CmsPreviewPage({ data }: { data: CmsPreviewData }) {
  return (
    <>
      <aside className="preview-banner" aria-labelledby="preview-title">
        <p id="preview-title">
          <strong>
            <Trans>Preview</Trans>
          </strong>
        </p>
        <p>
          {data.publicFrom ? (
            <Trans>
              Shoppers will see this content from <PostDate iso={data.publicFrom} />.
            </Trans>
          ) : (
            <Trans>This content is already public.</Trans>
          )}{' '}
          {data.scheduledId !== null ? <Trans>Scheduled content no. {data.scheduledId}.</Trans> : null}
        </p>
      </aside>
      <PostArticle post={data.post} />
    </>
  );
}
