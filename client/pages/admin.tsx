/**
 * The staff back-office (docs/after-sales.md "Staff back-office"): its frame, shared by every
 * /admin screen, and the home with what is waiting for the team.
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useHref } from '../components/store-context';
import type { RouteId } from '../routes';
import { labelOf } from './admin-labels';
import type { AdminFrameData, AdminHomeData } from './admin-types';

export function AdminFrame({ frame, title, children }: { frame: AdminFrameData; title: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  const link = useHref();
  const { staffName } = frame;
  const item = (route: RouteId, label: ReactNode) => (
    <li>
      <a href={link(route)} aria-current={frame.route === route ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label={t`Back-office`}>
        <p className="admin-nav__who">
          <Trans>Back-office · {staffName}</Trans>
        </p>
        <ul>
          {item('adminHome', <Trans>Today</Trans>)}
          {item('adminOrders', <Trans>Orders</Trans>)}
          {item('adminReturns', <Trans>Returns</Trans>)}
          {item('adminCases', <Trans>After-sales cases</Trans>)}
          {item('adminUgc', <Trans>Reviews and questions</Trans>)}
          {item('adminTaxCertificates', <Trans>Certificates</Trans>)}
        </ul>
      </nav>
      <section className="admin-main" aria-labelledby="admin-title">
        <h1 id="admin-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/** A table that scrolls sideways on a phone rather than squeezing its columns (focusable, so keyboards can scroll it). */
export function AdminTable({ id, caption, children }: { id: string; caption: ReactNode; children: ReactNode }) {
  return (
    <div className="admin-table" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A queue's filter by state (a plain GET form): `anyLabel` names the default, the queue's open items. */
export function AdminStateFilter({ route, id, state, labels, anyLabel }: { route: RouteId; id: string; state: string; labels: Record<string, MessageDescriptor>; anyLabel: string }) {
  const { i18n } = useLingui();
  const link = useHref();
  return (
    <form className="admin-filters" method="get" action={link(route)}>
      <p className="field">
        <label htmlFor={id}>
          <Trans>State</Trans>
        </label>
        <select id={id} name="state" defaultValue={state}>
          <option value="">{anyLabel}</option>
          {Object.keys(labels).map((key) => (
            <option key={key} value={key}>
              {labelOf(labels, key, (d) => i18n._(d))}
            </option>
          ))}
        </select>
      </p>
      <button type="submit" className="button">
        <Trans>Show</Trans>
      </button>
    </form>
  );
}

export default function AdminHomePage({ data }: { data: AdminHomeData }) {
  const link = useHref();
  const { summary } = data;
  const tile = (href: string, count: number, label: ReactNode, key: string) => (
    <li className="admin-tile" data-count={key}>
      <a href={href}>
        <strong>{count}</strong> <span>{label}</span>
      </a>
    </li>
  );
  return (
    <AdminFrame frame={data.frame} title={<Trans>Today</Trans>}>
      <ul className="admin-tiles">
        {tile(`${link('adminOrders')}?state=confirmed`, summary.toPrepare, <Trans>orders to prepare</Trans>, 'toPrepare')}
        {tile(`${link('adminOrders')}?state=preparing`, summary.toShip, <Trans>orders to ship</Trans>, 'toShip')}
        {tile(`${link('adminOrders')}?state=awaiting_payment`, summary.awaitingTransfer, <Trans>bank transfers awaited</Trans>, 'awaitingTransfer')}
        {tile(link('adminReturns'), summary.returnsToHandle, <Trans>returns to handle</Trans>, 'returnsToHandle')}
        {tile(link('adminCases'), summary.openCases, <Trans>open cases</Trans>, 'openCases')}
      </ul>
    </AdminFrame>
  );
}
