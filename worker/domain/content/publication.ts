/**
 * When content is public (spec §2: blog, CMS pages and the CMS preview). A post is public once
 * its publication time has come; a CMS page shows the newest scheduled replacement whose time
 * has come. Content whose time has not come is for the CMS preview only.
 */

export interface PostContent {
  title: string;
  body: string;
}

export interface ScheduledContent extends PostContent {
  id: number;
  publishAt: Date;
}

export function isPublished(publishedAt: Date, now: Date): boolean {
  return publishedAt.getTime() <= now.getTime();
}

/**
 * What shoppers see of a post at `now`: the newest scheduled content already published
 * (latest `publishAt`, then highest id), else the post's own title and body.
 */
export function publicContent(base: PostContent, scheduled: readonly ScheduledContent[], now: Date): PostContent & { scheduledId: number | null } {
  let current: ScheduledContent | undefined;
  for (const row of scheduled) {
    if (!isPublished(row.publishAt, now)) continue;
    const newer = !current || row.publishAt.getTime() > current.publishAt.getTime() || (row.publishAt.getTime() === current.publishAt.getTime() && row.id > current.id);
    if (newer) current = row;
  }
  return current ? { title: current.title, body: current.body, scheduledId: current.id } : { title: base.title, body: base.body, scheduledId: null };
}
