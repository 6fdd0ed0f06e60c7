/** The inbox's unread count (docs/account.md "Inbox"), read out with its meaning; nothing when all is read. */
import { Trans } from '@lingui/react/macro';
import { useStore } from './store-context';

export function InboxCount({ className }: { className: string }) {
  // Personal pages only: the cached pages shared by everyone never carry a count.
  const unread = useStore().inboxUnread ?? 0;
  if (unread === 0) return null;
  return (
    <span className={`${className} inbox-count`} data-inbox-count={unread}>
      {unread}
      <span className="visually-hidden">
        {' '}
        <Trans>unread messages</Trans>
      </span>
    </span>
  );
}
