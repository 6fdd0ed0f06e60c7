/**
 * Back-office: the moderation queue (docs/user-content.md "Moderation"). A tab per kind with its
 * count; each item with its text (shown as text, never as markup), photos and videos, why it is
 * held (rules tripped, reports) and the Approve / Reject actions.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { QueueItem, QueueKind, QueuePage } from '../../worker/ugc/moderation-queue';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatDate } from '../i18n/format';
import AdminUgcActions from '../islands/admin-ugc-actions';
import { REPORT_REASON_LABELS } from '../islands/report-button';
import { AdminFrame } from './admin';
import type { AdminFrameData } from './admin-types';

export interface AdminUgcData {
  frame: AdminFrameData;
  queue: QueuePage;
}

const KIND_LABELS: Record<QueueKind, MessageDescriptor> = {
  review: msg`Reviews`,
  question: msg`Questions`,
  answer: msg`Answers`,
  media: msg`Photos and videos`,
};

const STATE_LABELS: Record<string, MessageDescriptor> = {
  PENDING_REVIEW: msg`Waiting for review`,
  OK: msg`Published`,
  REJECTED: msg`Rejected`,
};

/** The moderation rules (worker/domain/ugc/moderation.ts holdRules) and the report threshold, as staff read them. */
const NOTE_LABELS: Record<string, MessageDescriptor> = {
  link: msg`Contains a link`,
  contact: msg`Contains contact details`,
  markup: msg`Contains HTML or script`,
  shouting: msg`Written in capitals`,
  repetition: msg`Repeated characters or words`,
  'blocked-word': msg`Contains a blocked word`,
  reported: msg`Hidden after reports`,
  media: msg`Has photos or videos`,
};

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Item({ item }: { item: QueueItem }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const label = (labels: Record<string, MessageDescriptor>, key: string) => (labels[key] ? i18n._(labels[key]) : key);
  const headingId = `ugc-item-${item.kind}-${item.id}-title`;
  return (
    <li id={`ugc-item-${item.kind}-${item.id}`} className="admin-card admin-ugc-item" data-ugc-kind={item.kind} data-ugc-id={item.id} aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {i18n._(KIND_LABELS[item.kind])} {item.id}
        {item.article ? <> · {item.article.name ?? item.article.id}</> : null}
      </h2>
      <dl className="admin-facts">
        <Fact label={<Trans>Author</Trans>}>
          {item.author.nick ?? '—'} ({item.author.email})
        </Fact>
        <Fact label={<Trans>Date</Trans>}>
          <time dateTime={item.createdAt}>{formatDate(new Date(item.createdAt), language, { dateStyle: 'short', timeStyle: 'short' })}</time>
        </Fact>
        {item.rating !== null ? (
          <Fact label={<Trans>Rating</Trans>}>
            <Trans>{item.rating / 2} of 5 stars</Trans>
          </Fact>
        ) : null}
        {item.parent ? (
          <Fact label={<Trans>Attached to</Trans>}>
            {i18n._(KIND_LABELS[item.parent.kind])} {item.parent.id}
          </Fact>
        ) : null}
        {item.note.length > 0 ? (
          <Fact label={<Trans>Why it is held</Trans>}>
            <ul className="admin-list">
              {item.note.map((note) => (
                <li key={note} data-note={note}>
                  {label(NOTE_LABELS, note)}
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
        {item.reports.length > 0 ? (
          <Fact label={<Trans>Reports</Trans>}>
            <p className="admin-ugc-item__reports">
              <Plural value={item.reportCount} one="# report since the last approval" other="# reports since the last approval" />
            </p>
            <ul className="admin-list">
              {item.reports.map((report) => (
                <li key={report.reason} data-report-reason={report.reason}>
                  {label(REPORT_REASON_LABELS, report.reason)}: {report.count}
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
      </dl>
      {item.question ? (
        <blockquote className="admin-ugc-item__question">
          <p>{item.question.body}</p>
        </blockquote>
      ) : null}
      {item.title ? <p className="admin-ugc-item__title">{item.title}</p> : null}
      {item.body ? <p className="admin-ugc-item__body">{item.body}</p> : null}
      {item.media.length > 0 ? (
        <ul className="admin-ugc-item__media">
          {item.media.map((media) => (
            <li key={media.id} data-media-state={media.state}>
              {media.kind === 'video' ? (
                <video src={media.url} controls preload="none" width={240} />
              ) : (
                <a href={media.url}>
                  <img src={media.url} alt={i18n._(msg`Photo uploaded by the author`)} loading="lazy" width={160} height={160} />
                </a>
              )}
              <span>{label(STATE_LABELS, media.state)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Island name="admin-ugc-actions" component={AdminUgcActions} props={{ kind: item.kind, id: item.id }} />
    </li>
  );
}

export default function AdminUgcPage({ data }: { data: AdminUgcData }) {
  const { i18n } = useLingui();
  const link = useHref();
  const { queue } = data;
  const tabHref = (kind: QueueKind) => `${link('adminUgc')}?${new URLSearchParams({ kind, ...(queue.state === 'PENDING_REVIEW' ? {} : { state: queue.state }) })}`;
  return (
    <AdminFrame frame={data.frame} title={<Trans>Reviews and questions</Trans>}>
      <nav aria-label={i18n._(msg`Kinds of content`)}>
        <ul className="admin-ugc-tabs">
          {(Object.keys(KIND_LABELS) as QueueKind[]).map((kind) => (
            <li key={kind}>
              <a href={tabHref(kind)} aria-current={kind === queue.kind ? 'page' : undefined} data-kind={kind}>
                {i18n._(KIND_LABELS[kind])} <span className="admin-ugc-tabs__count">({queue.counts[kind]})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form className="admin-filters" method="get" action={link('adminUgc')}>
        <input type="hidden" name="kind" value={queue.kind} />
        <p className="field">
          <label htmlFor="admin-ugc-state">
            <Trans>State</Trans>
          </label>
          <select id="admin-ugc-state" name="state" defaultValue={queue.state}>
            {Object.entries(STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </form>
      <p role="status" id="admin-ugc-status">
        <Plural value={queue.total} one="# item" other="# items" />
      </p>
      {queue.items.length > 0 ? (
        <ol className="admin-ugc-queue">
          {queue.items.map((item) => (
            <Item key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ol>
      ) : (
        <p>
          <Trans>Nothing is waiting here.</Trans>
        </p>
      )}
      <Pagination page={queue.page} pageSize={queue.pageSize} total={queue.total} basePath={link('adminUgc')} query={{ kind: queue.kind, ...(queue.state === 'PENDING_REVIEW' ? {} : { state: queue.state }) }} />
    </AdminFrame>
  );
}
