/**
 * accountDigitalKeys (spec §2 /mis-claves): the keys of the digital articles the customer bought,
 * newest first, 5 a page. Each shows its platform, its order, how to activate it and its state:
 * a presale's key stays hidden until the release date; a released one has a "Reveal key" form
 * (it works without script, see client/islands/digital-key.tsx); a revealed one shows the key.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CodeDisplay } from '../../worker/digital/rules';
import { Island } from '../components/island';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { formatShortDate } from '../i18n/format';
import DigitalKey from '../islands/digital-key';
import { AccountFrame, type AccountFrameData } from './account';

export interface DigitalKeyItem {
  idCode: number;
  articleName: string;
  orderNumber: string;
  orderPath: string;
  platform: string;
  guideUrl: string | null;
  code: string | null;
  canReveal: boolean;
  display: CodeDisplay;
  /** ISO; set for articles sold in presale. */
  releaseDate: string | null;
}

export interface AccountDigitalKeysData {
  frame: AccountFrameData;
  items: DigitalKeyItem[];
  page: number;
  pageSize: number;
  total: number;
  /** What `?reveal=<id>` did (the form without script). */
  notice: { revealed: number | null; error: string | null } | null;
}

const STATE_LABELS: Record<Exclude<CodeDisplay, 'presale'>, MessageDescriptor> = {
  ready: msg`Ready to reveal`,
  revealed: msg`Revealed`,
  cancelled: msg`Cancelled with its order`,
};

/** dd/mm/yyyy in the reader's language (spec §5 dates). */

function KeyState({ item }: { item: DigitalKeyItem }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  if (item.display === 'presale' && item.releaseDate) {
    const date = formatShortDate(item.releaseDate, language);
    return (
      <p className="digital-key__state digital-key__state--presale">
        <Trans>
          Presale: available from <time dateTime={item.releaseDate}>{date}</time>
        </Trans>
      </p>
    );
  }
  return <p className={`digital-key__state digital-key__state--${item.display}`}>{i18n._(STATE_LABELS[item.display as Exclude<CodeDisplay, 'presale'>])}</p>;
}

export default function AccountDigitalKeysPage({ data }: { data: AccountDigitalKeysData }) {
  const link = useHref();
  const keysPath = link('accountDigitalKeys');
  return (
    <AccountFrame frame={data.frame} title={<Trans>Digital keys</Trans>}>
      {data.notice?.error ? (
        <p className="alert alert--bad" role="alert">
          {data.notice.error}
        </p>
      ) : null}
      {data.total === 0 ? (
        <div className="account-card" data-empty>
          <p>
            <Trans>You have no digital keys yet. When you buy a video game or a program in digital format, its key appears here as soon as the order is paid.</Trans>
          </p>
          <p>
            <a href={link('accountDigitalProducts')}>
              <Trans>See your digital products</Trans>
            </a>
          </p>
        </div>
      ) : (
        <>
          <p>
            <Trans>Reveal a key only when you are going to activate it: once revealed it can no longer be returned.</Trans>
          </p>
          <ul className="digital-keys">
            {data.items.map((item) => (
              <li key={item.idCode} className="account-card digital-key" data-digital-key={item.idCode} data-display={item.display}>
                <h2 className="digital-key__name">{item.articleName}</h2>
                <dl className="digital-key__facts">
                  <div>
                    <dt>
                      <Trans>Platform</Trans>
                    </dt>
                    <dd>{item.platform}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Order</Trans>
                    </dt>
                    <dd>
                      <a href={item.orderPath}>{item.orderNumber}</a>
                    </dd>
                  </div>
                </dl>
                <KeyState item={item} />
                {item.display === 'cancelled' ? null : (
                  <Island name="digital-key" component={DigitalKey} props={{ idCode: item.idCode, articleName: item.articleName, code: item.code, canReveal: item.canReveal, action: keysPath }} />
                )}
                {item.guideUrl ? (
                  <p className="digital-key__guide">
                    <a href={item.guideUrl} rel="noopener noreferrer">
                      <Trans>How to activate a key on {item.platform}</Trans>
                    </a>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={keysPath} />
        </>
      )}
    </AccountFrame>
  );
}
