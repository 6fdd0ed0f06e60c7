/** A CMS page (about us, shipping, returns…): its published content. */
import { PostArticle, type PostView } from './blog-post';

export interface CmsData {
  page: PostView;
}

export default function CmsPage({ data }: { data: CmsData }) {
  return <PostArticle post={data.page} />;
}
