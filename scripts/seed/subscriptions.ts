/**
 * Subscription plans of the demo catalogue (worker/subscriptions/): the security suites and
 * office subscriptions among the software articles renew every 12 months, Adobe Acrobat Standard
 * every month; licences bought once (Office Home 2024, Photoshop Elements) have no plan. Derived
 * from each article's series, so the same catalogue always has the same plans.
 */
import type { Article } from './articles';

/** Months of each period by series name prefix; renewing until cancelled (periods: null). */
const PLANS: readonly [prefix: string, periodMonths: number][] = [
  ['Microsoft 365', 12],
  ['Norton 360', 12],
  ['Bitdefender', 12],
  ['Kaspersky', 12],
  ['Adobe Acrobat', 1],
];

/** The plan of an article, if it is sold as a subscription. */
export function planOf(article: Pick<Article, 'kind' | 'series'>): { periodMonths: number; periods: number | null } | undefined {
  if (article.kind.def.key !== 'software') return undefined;
  const plan = PLANS.find(([prefix]) => article.series.name.startsWith(prefix));
  return plan ? { periodMonths: plan[1], periods: null } : undefined;
}

/** The `subscription_plans` rows of the catalogue's articles. */
export function* subscriptionPlanRows(articles: Iterable<Article>): Iterable<{ article_id: number; period_months: number; periods: number | null }> {
  for (const article of articles) {
    const plan = planOf(article);
    if (plan) yield { article_id: article.id, period_months: plan.periodMonths, periods: plan.periods };
  }
}
