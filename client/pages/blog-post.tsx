/** One blog post; `PostArticle` also renders CMS pages and the CMS preview. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useHref } from '../components/store-context';
import { LANGUAGE_INFO, type Language } from '../i18n/languages';
import { PostDate, TagList, type BlogTagLink } from './blog';

export interface PostView {
  id: number;
  kind: 'blog' | 'cms';
  title: string;
  /** The body, already through worker/domain/content/sanitize.ts. */
  safeHtml: string;
  /** ISO date-time of publication. */
  publishedAt: string;
  tags: BlogTagLink[];
  /** The content's language when it is not the page's (a preview of another language). */
  contentLanguage?: Language;
}

export interface BlogPostData {
  post: PostView;
}

/** A post's title, date (blog posts), body and tags. */
export function PostArticle({ post }: { post: PostView }) {
  const { t } = useLingui();
  const lang = post.contentLanguage ? LANGUAGE_INFO[post.contentLanguage].tag : undefined;
  return (
    <article className="post" lang={lang} aria-labelledby="post-title">
      <h1 id="post-title">{post.title}</h1>
      {post.kind === 'blog' ? (
        <p className="post-meta">
          <Trans>
            Published on <PostDate iso={post.publishedAt} />
          </Trans>
        </p>
      ) : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.safeHtml }} />
      <TagList tags={post.tags} label={t`Topics of this post`} />
    </article>
  );
}

export default function BlogPostPage({ data }: { data: BlogPostData }) {
  const { t } = useLingui();
  const link = useHref();
  return (
    <>
      <nav aria-label={t`Breadcrumb`} className="breadcrumb">
        <ol>
          <li>
            <a href={link('blog')}>
              <Trans>Blog</Trans>
            </a>
          </li>
          <li>
            <span aria-current="page">{data.post.title}</span>
          </li>
        </ol>
      </nav>
      <PostArticle post={data.post} />
      <p>
        <a href={link('blog')}>
          <Trans>Back to the blog</Trans>
        </a>
      </p>
    </>
  );
}
