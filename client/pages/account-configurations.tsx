/**
 * The saved PC configurations of the account area (spec §2 /configuraciones): name, number of
 * parts, what they cost today, when saved, a link that opens the configurator with it, and a
 * delete button (a plain form: no script needed). With none saved, how to make one.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SavedConfiguration } from '../../worker/configurations/saved';
import { Pagination } from '../components/pagination';
import { useHref, useStore } from '../components/store-context';
import { PageFormFields } from '../components/forms';
import { formatMoney, formatShortDate } from '../i18n/format';
import type { Language } from '../i18n/languages';
import { AccountFrame, type AccountFrameData } from './account';

export interface AccountConfigurationsData {
  frame: AccountFrameData;
  configurations: SavedConfiguration[];
  page: number;
  pageSize: number;
  total: number;
  language: Language;
  /** Came back from a delete without script: done, or refused. */
  deleted: boolean;
  failed: boolean;
}

export default function AccountConfigurationsPage({ data }: { data: AccountConfigurationsData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const link = useHref();
  return (
    <AccountFrame frame={data.frame} title={<Trans>PC configurations</Trans>}>
      <div role="status">
        {data.deleted ? (
          <p className="alert alert--ok">
            <Trans>The configuration has been deleted.</Trans>
          </p>
        ) : null}
      </div>
      {data.failed ? (
        <p className="alert alert--bad" role="alert">
          <Trans>This configuration could not be deleted. It may have been deleted already.</Trans>
        </p>
      ) : null}
      {data.total === 0 ? (
        <div className="card configurations-empty" data-configurations-empty>
          <p>
            <Trans>You have no saved PC configurations yet. Build one in the configurator, starting from one of our ready-made configurations if you like, and save it: it will appear here with what it costs today.</Trans>
          </p>
          <p>
            <a className="button button--primary" href={link('configurator')}>
              <Trans>Go to the PC configurator</Trans>
            </a>
          </p>
        </div>
      ) : (
        <>
          <table className="table table--zebra table--stack configuration-list">
            <caption className="visually-hidden">
              <Trans>Your saved configurations, latest change first</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Name</Trans>
                </th>
                <th scope="col" className="table__num">
                  <Trans>Parts</Trans>
                </th>
                <th scope="col" className="table__num">
                  <Trans>Price today</Trans>
                </th>
                <th scope="col">
                  <Trans>Saved on</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.configurations.map((configuration) => {
                const name = configuration.name;
                const missing = configuration.unavailableParts;
                return (
                  <tr key={configuration.id} data-configuration-id={configuration.id}>
                    <th scope="row" data-label={t`Name`}>
                      {name}
                    </th>
                    <td className="table__num" data-label={t`Parts`}>
                      {configuration.partsCount}
                    </td>
                    <td className="table__num" data-label={t`Price today`} data-total-cents={configuration.totalPrice}>
                      {formatMoney(configuration.totalPrice, language)}
                      {configuration.unavailableParts > 0 ? (
                        <>
                          {' '}
                          <small>
                            <Trans>({missing} not available now)</Trans>
                          </small>
                        </>
                      ) : null}
                    </td>
                    <td data-label={t`Saved on`}>
                      <time dateTime={configuration.updatedAt}>{formatShortDate(configuration.updatedAt, language)}</time>
                    </td>
                    <td>
                      <div className="configuration-list__actions">
                        <a className="button button--secondary button--small" href={link('configurator', { configurationId: configuration.publicId })}>
                          <Trans>
                            Open<span className="visually-hidden"> {name}</span>
                          </Trans>
                        </a>
                        <form method="post" action={`/api/user/configurations/${configuration.id}/delete`}>
                          <PageFormFields language={data.language} />
                          <button type="submit" className="button button--danger button--small">
                            <Trans>
                              Delete<span className="visually-hidden"> {name}</span>
                            </Trans>
                          </button>
                        </form>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} basePath={link('accountConfigurations')} />
        </>
      )}
    </AccountFrame>
  );
}
