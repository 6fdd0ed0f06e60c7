/**
 * The PC configurator (worker/ssr/pages/configurator.tsx): the steps with what each holds, the
 * parts of the current step — those that fit the build, then those that do not with the reasons —
 * and the build with its total, power budget and problems, saved, shared or put in the basket.
 * Every action is a link or a plain form: the page needs no script.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CandidateCard, CandidatePage } from '../../worker/db/pc-components';
import { buildParamOf, nextStep, withChosen, withoutChosen } from '../../worker/domain/configurator/build-links';
import type { BuildCheck } from '../../worker/domain/configurator/fit';
import { CONFIGURATION_SLOTS, type ChosenPart, type ConfigurationSlot, type SlotPart } from '../../worker/domain/configurator/parts';
import type { PowerBudget } from '../../worker/domain/configurator/power';
import { PageFormFields } from '../components/forms';
import { Pagination } from '../components/pagination';
import { Availability, ProductImage } from '../components/product-bits';
import { useHref, useStore } from '../components/store-context';
import { partFacts, reasonText, SLOT_HEADINGS, SLOT_NAMES } from '../configurator/labels';
import { formatMoney } from '../i18n/format';
import { slugHref } from '../routes';
import type { ProductCard } from '../types';

export interface ConfiguratorData {
  step: ConfigurationSlot;
  /** Which parts of the step are listed: those that fit the build, or those that do not. */
  view: 'fitting' | 'excluded';
  chosen: (ChosenPart & { part: SlotPart; card: ProductCard | null })[];
  candidates: CandidatePage;
  check: BuildCheck;
  power: PowerBudget;
  /** Cents: the parts' prices on the channel now. */
  total: number;
  saved: { publicId: string; name: string; mine: boolean } | null;
  signedIn: boolean;
  assemblyPrice: number | null;
  justSaved: boolean;
  refusal: string | null;
  origin: string;
}

export default function ConfiguratorPage({ data }: { data: ConfiguratorData }) {
  const { i18n, t } = useLingui();
  const link = useHref();
  const { language, channel } = useStore();
  const { step, chosen, candidates, check, power, saved } = data;
  const plain = link('configurator');
  const home = saved ? link('configurator', { configurationId: saved.publicId }) : plain;
  const parts: ChosenPart[] = chosen.map(({ slot, articleId }) => ({ slot, articleId }));
  const buildParam = buildParamOf(parts);
  /** The page with another build (a change leaves the saved configuration behind: it is saved as it was). */
  const buildHref = (next: readonly ChosenPart[], nextSlot: ConfigurationSlot | null) => {
    const query = new URLSearchParams({ build: buildParamOf(next) });
    if (nextSlot) query.set('step', nextSlot);
    return `${plain}?${query}#configurator-step`;
  };
  // Moving between steps keeps the build (in the address, or as saved).
  const stepBase = chosen.length && !saved ? plain : home;
  const stepQuery = (slot: ConfigurationSlot, extra: Record<string, string> = {}) => ({ ...(chosen.length && !saved ? { build: buildParam } : {}), step: slot, ...extra });
  const stepHref = (slot: ConfigurationSlot, extra: Record<string, string> = {}) => `${stepBase}?${new URLSearchParams(stepQuery(slot, extra))}#configurator-step`;
  const money = (cents: number) => formatMoney(cents, language);
  const inStep = chosen.map((c, index) => ({ ...c, index })).filter((c) => c.slot === step);
  const fitting = data.view === 'fitting' ? candidates.items : [];
  const excluded = data.view === 'excluded' ? candidates.items : [];
  const problemSlots = new Set(check.problems.filter((p) => p.severity === 'exclude').flatMap((p) => p.slots));
  const shareUrl = `${data.origin}${saved ? home : `${plain}?${new URLSearchParams({ build: buildParam })}`}`;
  const loginHref = `${link('login')}?next=${encodeURIComponent(`${plain}?${new URLSearchParams({ build: buildParam })}#configurator-save`)}`;
  const choose = (card: CandidateCard) => buildHref(withChosen(parts, { slot: step, articleId: card.id }), step === 'storage' ? 'storage' : nextStep(withChosen(parts, { slot: step, articleId: card.id }), step));

  return (
    <div className="configurator">
      <h1>{saved ? saved.name : <Trans>PC configurator</Trans>}</h1>
      <p className="configurator__intro">
        <Trans>Choose your parts step by step. Each list shows first the parts that fit what you have chosen; the others say why they do not.</Trans>
      </p>
      {data.justSaved ? (
        <p className="alert alert--ok" role="status">
          <Trans>Configuration saved. You will find it in your account, under PC configurations, and you can share its link.</Trans>
        </p>
      ) : null}
      <div className="configurator__layout">
        <nav className="configurator__steps" aria-label={t`Steps of the build`}>
          <ol>
            {CONFIGURATION_SLOTS.map((slot) => {
              const held = chosen.filter((c) => c.slot === slot);
              return (
                <li key={slot} className={`configurator__step${slot === step ? ' configurator__step--current' : ''}${problemSlots.has(slot) ? ' configurator__step--problem' : ''}`} data-slot={slot}>
                  <a href={stepHref(slot)} aria-current={slot === step ? 'step' : undefined}>
                    <span className="configurator__step-name">{i18n._(SLOT_NAMES[slot])}</span>
                    <span className="configurator__step-choice">{held.length ? held.map((c) => c.card?.name ?? String(c.articleId)).join(', ') : <Trans>Not chosen yet</Trans>}</span>
                  </a>
                </li>
              );
            })}
          </ol>
        </nav>

        <section className="configurator__choose" aria-labelledby="configurator-step" data-step={step}>
          <h2 id="configurator-step" tabIndex={-1}>
            {i18n._(SLOT_HEADINGS[step])}
          </h2>
          {inStep.length ? (
            <ul className="configurator__current">
              {inStep.map((c) => (
                <li key={`${c.slot}-${c.index}`}>
                  <ChosenName name={c.card?.name ?? String(c.articleId)} />{' '}
                  <a href={buildHref(withoutChosen(parts, c.index), step)}>
                    <Trans>Remove</Trans>
                    <span className="visually-hidden"> {c.card?.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {step === 'storage' && inStep.length ? (
            <p className="configurator__hint">
              <Trans>You can add more drives, or go on to the next step.</Trans>{' '}
              {nextStep(parts, 'storage') ? <a href={stepHref(nextStep(parts, 'storage')!)}>{i18n._(SLOT_HEADINGS[nextStep(parts, 'storage')!])}</a> : null}
            </p>
          ) : null}
          <p className="configurator__count" data-fitting={candidates.fitting} data-excluded={candidates.excluded}>
            <Plural value={candidates.fitting} _0="No part fits your build." one="# part fits your build." other="# parts fit your build." />{' '}
            {data.view === 'fitting' ? (
              candidates.excluded > 0 ? (
                <a href={stepHref(step, { show: 'excluded' })}>
                  <Plural value={candidates.excluded} one="See the # that does not, and why" other="See the # that do not, and why" />
                </a>
              ) : null
            ) : (
              <a href={stepHref(step)}>
                <Trans>Back to the parts that fit</Trans>
              </a>
            )}
          </p>
          {data.view === 'fitting' && candidates.fitting === 0 ? (
            <p>
              <Trans>No part of this kind fits what you have chosen. Change an earlier part, or see why these do not fit.</Trans>
            </p>
          ) : null}
          {fitting.length ? (
            <ul className="configurator__candidates" aria-label={t`Parts that fit your build`}>
              {fitting.map((card) => (
                <li key={card.id} className="configurator__candidate" data-article-id={card.id} data-fits="true">
                  <CandidateSummary card={card} />
                  {card.notices.length ? (
                    <ul className="configurator__notices">
                      {card.notices.map((notice) => (
                        <li key={notice.code}>{reasonText(notice, i18n, language)}</li>
                      ))}
                    </ul>
                  ) : null}
                  <a className="button button--primary button--small" href={choose(card)}>
                    <Trans>Choose</Trans>
                    <span className="visually-hidden"> {card.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {excluded.length ? (
            <>
              <ul className="configurator__candidates configurator__candidates--excluded" aria-label={t`Parts that do not fit your build`}>
                {excluded.map((card) => (
                  <li key={card.id} className="configurator__candidate configurator__candidate--excluded" data-article-id={card.id} data-fits="false">
                    <CandidateSummary card={card} />
                    <p className="configurator__reasons-title">
                      <Trans>Why it does not fit:</Trans>
                    </p>
                    <ul className="configurator__reasons">
                      {card.reasons.map((reason) => (
                        <li key={reason.code} data-reason={reason.code}>
                          {reasonText(reason, i18n, language)}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Pagination page={candidates.page} pageSize={candidates.pageSize} total={candidates.total} basePath={stepBase} query={stepQuery(step, data.view === 'excluded' ? { show: 'excluded' } : {})} />
        </section>

        <aside className="configurator__summary" aria-labelledby="configurator-build">
          <h2 id="configurator-build">
            <Trans>Your build</Trans>
          </h2>
          {chosen.length ? (
            <table className="configurator__parts">
              <caption className="visually-hidden">
                <Trans>The parts of your build and their prices</Trans>
              </caption>
              <tbody>
                {chosen.map((c, index) => (
                  <tr key={`${c.slot}-${index}`} data-slot={c.slot} data-article-id={c.articleId}>
                    <th scope="row">{i18n._(SLOT_NAMES[c.slot])}</th>
                    <td>{c.card ? <a href={slugHref(c.card.slug, language, channel)}>{c.card.name}</a> : String(c.articleId)}</td>
                    <td className="configurator__price">{c.card?.price != null ? money(c.card.price) : <Trans>Not sold in this country</Trans>}</td>
                    <td>
                      <a href={buildHref(withoutChosen(parts, index), c.slot)}>
                        <Trans>Remove</Trans>
                        <span className="visually-hidden"> {c.card?.name}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    <Trans>Total</Trans>
                  </th>
                  <td className="configurator__total" data-total-cents={data.total}>
                    {money(data.total)}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          ) : (
            <p>
              <Trans>Nothing chosen yet: start with the processor.</Trans>
            </p>
          )}
          <p className="configurator__power" data-draw={power.totalW} data-recommended={power.recommendedW}>
            <PowerLine drawW={power.totalW} recommendedW={power.recommendedW} />
          </p>
          {check.problems.length ? (
            <div className="alert alert--warn configurator__problems" role="alert">
              <p>
                <Trans>Check these before you buy:</Trans>
              </p>
              <ul>
                {check.problems.map((problem, index) => (
                  <li key={`${problem.reason.code}-${index}`} data-reason={problem.reason.code}>
                    {reasonText(problem.reason, i18n, language)} <a href={stepHref(problem.slots[0]!)}>{i18n._(SLOT_HEADINGS[problem.slots[0]!])}</a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {check.notices.length ? (
            <ul className="configurator__notices">
              {check.notices.map((notice, index) => (
                <li key={`${notice.reason.code}-${index}`}>{reasonText(notice.reason, i18n, language)}</li>
              ))}
            </ul>
          ) : null}

          {chosen.length ? (
            <>
              <form id="configurator-actions" className="configurator__form" method="post" action="/api/configurator/to-cart">
                {data.refusal ? (
                  <p className="form-alert" role="alert">
                    {data.refusal}
                  </p>
                ) : null}
                <PageFormFields language={language} />
                <input type="hidden" name="build" value={buildParam} />
                {data.assemblyPrice !== null ? (
                  <div className="field field--check">
                    <input id="configurator-assembly" type="checkbox" name="assembly" value="1" defaultChecked />
                    <label htmlFor="configurator-assembly">
                      <AssemblyLabel price={money(data.assemblyPrice)} />
                    </label>
                  </div>
                ) : null}
                <button className="button button--primary" type="submit">
                  <Trans>Add the whole build to the basket</Trans>
                </button>
              </form>
              <div id="configurator-save" className="configurator__save">
                <h3>
                  <Trans>Save and share</Trans>
                </h3>
                {data.signedIn ? (
                  <form className="configurator__form" method="post" action="/api/user/configurations">
                    <PageFormFields language={language} />
                    <input type="hidden" name="build" value={buildParam} />
                    <div className="field">
                      <label htmlFor="configurator-name">
                        <Trans>Name of the configuration</Trans>
                      </label>
                      <input id="configurator-name" name="name" type="text" required maxLength={80} defaultValue={saved?.name ?? ''} />
                    </div>
                    <button className="button button--secondary" type="submit">
                      <Trans>Save to my account</Trans>
                    </button>
                  </form>
                ) : (
                  <p>
                    <a href={loginHref}>
                      <Trans>Sign in to save this build to your account</Trans>
                    </a>
                  </p>
                )}
                <div className="field">
                  <label htmlFor="configurator-share">
                    <Trans>Link to share this build</Trans>
                  </label>
                  <input id="configurator-share" type="url" readOnly value={shareUrl} />
                </div>
              </div>
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function CandidateSummary({ card }: { card: CandidateCard }) {
  const { i18n } = useLingui();
  const { language, channel } = useStore();
  return (
    <div className="configurator__candidate-summary">
      <ProductImage imageKey={card.imageKey} preset="tiny" label={card.brand} alt="" />
      <div>
        <a className="configurator__candidate-name" href={slugHref(card.slug, language, channel)}>
          {card.name}
        </a>
        <p className="configurator__facts">{partFacts(card.part, i18n, language)}</p>
      </div>
      <div className="configurator__candidate-price">
        <span>{card.price != null ? formatMoney(card.price, language) : <Trans>Not sold in this country</Trans>}</span>
        <Availability code={card.availabilityCode} />
      </div>
    </div>
  );
}

function ChosenName({ name }: { name: string }) {
  return <Trans>Chosen: {name}</Trans>;
}

function AssemblyLabel({ price }: { price: string }) {
  return <Trans>Assemble and test my PC ({price})</Trans>;
}

function PowerLine({ drawW, recommendedW }: { drawW: number; recommendedW: number }) {
  return (
    <Trans>
      Estimated power draw: {drawW} W. Recommended power supply: at least {recommendedW} W.
    </Trans>
  );
}
