/**
 * The insurance screens of the account (spec §2 insurance area, docs/account.md "Insurance"):
 * the policies (`accountInsurances`, ?page=N, spec §9 general page size), the policies that can
 * be renewed now or soon (`accountInsuranceRenewals`) and a new policy for an article bought
 * earlier (`accountNewPolicy`, /insurances/new-policy). Personal pages: a session, no index.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazy } from 'react';
import type { RouteId } from '../../../client/routes';
import type { AccountInsurancesData } from '../../../client/pages/account-insurances';
import type { AccountInsuranceRenewalsData } from '../../../client/pages/account-insurance-renewals';
import type { AccountNewPolicyData } from '../../../client/pages/account-insurance-new-policy';
import { eligiblePurchases, listPolicies, POLICIES_PAGE_SIZE } from '../../insurances/account';
import { RENEW_AFTER_DAYS, RENEW_BEFORE_DAYS } from '../../insurances/rules';
import { ERRORS } from '../../http/errors';
import { frameOf } from './account-frame';
import { definePage, formRefusal, pageNumber, type PageDefinition } from './types';

const DAY = 86_400_000;

/** The refusal a form sent without script came back with (`?error=CODE`), in the page's language (a code the catalogue does not know: the generic one); null without one. */
function refusal(url: URL, i18n: I18n): string | null {
  return url.searchParams.get('error') ? (formRefusal(url, i18n) ?? i18n._(ERRORS.invalidRequest.message)) : null;
}

const accountInsurances = definePage<AccountInsurancesData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-insurances')),
  async load({ db, url, i18n, user, language, now }) {
    const page = pageNumber(url);
    const policies = await listPolicies(db, user!, language, now);
    const shown = policies.slice((page - 1) * POLICIES_PAGE_SIZE, page * POLICIES_PAGE_SIZE);
    if (page > 1 && shown.length === 0) return null;
    return {
      data: { frame: frameOf(user!, 'accountInsurances'), policies: shown, page, pageSize: POLICIES_PAGE_SIZE, total: policies.length, renewable: policies.filter((p) => p.renewable).length, business: user!.isB2b },
      meta: { title: `${i18n._(msg`Insurance`)} | Ampora`, noIndex: true },
    };
  },
});

const accountInsuranceRenewals = definePage<AccountInsuranceRenewalsData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-insurance-renewals')),
  async load({ db, url, i18n, user, language, now }) {
    const at = now.getTime();
    const policies = await listPolicies(db, user!, language, now);
    // Renewable now, then those whose window opens within the next 60 days (still active, not renewed).
    const renewable = policies.filter((p) => p.renewable).sort((a, b) => a.endsAt - b.endsAt);
    const upcoming = policies
      .filter((p) => !p.renewable && p.state === 'active' && p.renewedById === null && p.endsAt - RENEW_BEFORE_DAYS * DAY > at && p.endsAt - RENEW_BEFORE_DAYS * DAY <= at + 60 * DAY)
      .sort((a, b) => a.endsAt - b.endsAt);
    return {
      data: { frame: frameOf(user!, 'accountInsuranceRenewals'), error: refusal(url, i18n), renewable, upcoming, renewBeforeDays: RENEW_BEFORE_DAYS, renewAfterDays: RENEW_AFTER_DAYS, business: user!.isB2b },
      meta: { title: `${i18n._(msg`Insurance renewals`)} | Ampora`, noIndex: true },
    };
  },
});

const accountNewPolicy = definePage<AccountNewPolicyData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/account-insurance-new-policy')),
  async load({ db, url, i18n, user, language, now }) {
    return {
      data: { frame: frameOf(user!, 'accountNewPolicy'), error: refusal(url, i18n), purchases: await eligiblePurchases(db, user!, language, now), business: user!.isB2b },
      meta: { title: `${i18n._(msg`New insurance policy`)} | Ampora`, noIndex: true },
    };
  },
});

export const insurancesRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { accountInsurances, accountInsuranceRenewals, accountNewPolicy };
