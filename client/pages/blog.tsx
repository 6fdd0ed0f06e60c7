/** The blog: published posts newest first, 16 a page, with the topics; also the page of one tag. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import type { Paged } from '../types';

export interface BlogTagLink {
  id: number;
  name: string;
  slug: string;
}

export interface BlogTeaser {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  /** ISO date-time. */
  publishedAt: string;
}

export interface BlogData {
  /** The tag whose posts are listed, or null for the whole blog. */
  tag: BlogTagLink | null;
  posts: Paged<BlogTeaser>;
  tags: BlogTagLink[];
}

export function PostDate({ iso }: { iso: string }) {
  const { language } = useStore();
  return <time dateTime={iso}>{formatDate(new Date(iso), language)}</time>;
}

export function TagList({ tags, label }: { tags: BlogTagLink[]; label: string }) {
  const link = useHref();
  if (tags.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="chips">
        {tags.map((tag) => (
          <li key={tag.id}>
            <a href={link('blogTag', { tagSlug: tag.slug })}>{tag.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function BlogPage({ data }: { data: BlogData }) {
  const { t } = useLingui();
  const link = useHref();
  const { tag, posts, tags } = data;
  const basePath = tag ? link('blogTag', { tagSlug: tag.slug }) : link('blog');
  return (
    <>
      {tag ? (
        <nav aria-label={t`Breadcrumb`} className="breadcrumb">
          <ol>
            <li>
              <a href={link('blog')}>
                <Trans>Blog</Trans>
              </a>
            </li>
            <li>
              <span aria-current="page">{tag.name}</span>
            </li>
          </ol>
        </nav>
      ) : null}
      <h1>{tag ? <Trans>Blog posts about {tag.name}</Trans> : <Trans>Blog</Trans>}</h1>
      {tag ? null : (
        <p>
          <Trans>Buying guides, tips and news from the Ampora team.</Trans>
        </p>
      )}
      <TagList tags={tags} label={t`Blog topics`} />
      {posts.items.length === 0 ? (
        <p>
          <Trans>There are no posts here yet.</Trans>
        </p>
      ) : (
        <ul className="post-list">
          {posts.items.map((post) => (
            <li key={post.id}>
              <article className="post-teaser" aria-labelledby={`post-${post.id}`}>
                <h2 id={`post-${post.id}`}>
                  <a href={link('blogPost', { slug: post.slug })}>{post.title}</a>
                </h2>
                <p className="post-meta">
                  <PostDate iso={post.publishedAt} />
                </p>
                {post.excerpt ? <p>{post.excerpt}</p> : null}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={posts.page} pageSize={posts.pageSize} total={posts.total} basePath={basePath} />
    </>
  );
}
