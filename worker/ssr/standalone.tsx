/** The unknown-host and domain-not-allowed answers as small standalone HTML pages. */
import { msg } from '@lingui/core/macro';
import { renderToString } from 'react-dom/server.bun';
import { LANGUAGE_INFO } from '../../client/i18n/languages';
import { StandalonePage } from '../../client/pages/standalone';
import { CHANNEL_IDS, DEFAULT_CHANNELS } from '../channel/channels';
import type { AppContext } from '../http/context';
import { ERRORS, type CatalogueEntry } from '../http/errors';

export function renderStandalone(c: AppContext, entry: CatalogueEntry): Response {
  const { i18n, language } = c.var;
  const unknownHost = entry === ERRORS.unknownHost;
  const title = unknownHost ? i18n._(msg`Store not found`) : i18n._(ERRORS.domainNotAllowed.message);
  const message = unknownHost
    ? i18n._(ERRORS.unknownHost.message)
    : i18n._(msg`This copy of the store is not allowed to run on this address.`);
  const links = unknownHost ? CHANNEL_IDS.map((id) => ({ href: `https://${DEFAULT_CHANNELS[id].hosts.production}/`, label: DEFAULT_CHANNELS[id].hosts.production })) : [];
  const html = '<!DOCTYPE html>' + renderToString(<StandalonePage lang={LANGUAGE_INFO[language].tag} title={title} message={message} links={links} />);
  return c.html(html, entry.status, { 'Cache-Control': 'no-store' });
}
