/**
 * The upload page (`ugcUpload`, /ugc/upload-media, signed in): what may be uploaded and that
 * nothing is public before moderation, then the user's uploads and the upload form (an island).
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import MediaUpload, { type MediaUploadProps } from '../islands/media-upload';

export type UploadMediaPageData = MediaUploadProps;

export default function UploadMediaPage({ data }: { data: UploadMediaPageData }) {
  return (
    <div className="ugc-media-page">
      <h1>
        <Trans>Your photos and videos</Trans>
      </h1>
      <p>
        <Trans>Show other shoppers the product in use. Photos and videos are published with your review or answer once our team has checked them; until then only you can see them.</Trans>
      </p>
      <Island name="media-upload" component={MediaUpload} props={data} hydrate="load" />
    </div>
  );
}
