/**
 * Oney in the payment step (spec §7): the plan of each variant for this order (instalments with
 * their dates and amounts, Oney's fee, the total and the TAEG) from the simulation call, the
 * choice of 3 or 4 instalments and the acceptance of Oney's terms, both kept in the draft's
 * `oneyInfo` (placing without the acceptance is 46001).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, ApiError, unwrap, type ApiData } from '../api';
import { useStore } from '../components/store-context';
import { formatDate, formatMoney } from '../i18n/format';
import type { OneyInfoView } from './types';

type Simulation = ApiData<typeof api.checkout.oney['variants-info-data'][':id']['$post']>;

export type OneyVariantView = Simulation['variants'][number];

export function OneySimulation({ cartId, total, value, onChange }: { cartId: string; total: number; value: OneyInfoView; onChange: (next: OneyInfoView) => void }) {
  const { t } = useLingui();
  const { language } = useStore();
  const money = (cents: number) => formatMoney(cents, language);
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    unwrap(api.checkout.oney['variants-info-data'][':id'].$post({ param: { id: cartId }, json: { variantCodes: ['3x', '4x'] } }))
      .then((answer) => current && setSimulation(answer))
      .catch((failure: unknown) => current && setError(failure instanceof ApiError && failure.message ? failure.message : t`We could not load Oney's payment plans. Please try again.`));
    return () => {
      current = false;
    };
    // The plan depends on the order's total only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartId, total]);

  const day = (date: string) => formatDate(new Date(`${date}T12:00:00Z`), language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <div className="oney-simulation" data-oney-simulation>
      {error ? (
        <p role="alert" className="form-alert">
          {error}
        </p>
      ) : null}
      {simulation ? (
        <fieldset>
          <legend>
            <Trans>Pay with Oney in instalments</Trans>
          </legend>
          {simulation.variants.map((variant) => {
            const id = `oney-variant-${variant.code}`;
            const count = variant.instalmentsCount;
            const fee = money(variant.fee);
            const totalAmount = money(variant.totalAmount);
            const taeg = variant.taeg.toLocaleString(language.replace('_', '-'), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
            return (
              <div key={variant.code} className="choice oney-variant">
                <input type="radio" id={id} name="oney-variant" value={variant.code} checked={value.variant === variant.code} onChange={() => onChange({ ...value, variant: variant.code })} aria-describedby={`${id}-plan`} />
                <label htmlFor={id}>
                  <Trans>{count} instalments</Trans>
                </label>
                <div id={`${id}-plan`} className="oney-variant__plan">
                  <ol className="oney-instalments">
                    {variant.instalments.map((instalment) => {
                      const amount = money(instalment.amount);
                      const date = day(instalment.date);
                      return (
                        <li key={instalment.number}>
                          {instalment.number === 1 ? <Trans>Today, {date}: {amount} (including the fee)</Trans> : <Trans>{date}: {amount}</Trans>}
                        </li>
                      );
                    })}
                  </ol>
                  <p className="oney-variant__cost">
                    <Trans>
                      Oney's fee {fee} · Total to pay {totalAmount} · TAEG {taeg} %
                    </Trans>
                  </p>
                </div>
              </div>
            );
          })}
          <div className="field field--check">
            <input id="oney-terms" type="checkbox" checked={value.termsAccepted} onChange={(event) => onChange({ ...value, termsAccepted: event.target.checked })} />
            <label htmlFor="oney-terms">
              <Trans>
                I accept Oney's terms and conditions for paying in instalments (
                <a href={simulation.legalTextUrl} target="_blank" rel="noopener noreferrer">
                  read them on Oney's website
                </a>
                ).
              </Trans>
            </label>
          </div>
        </fieldset>
      ) : error ? null : (
        <p role="status">
          <Trans>Loading Oney's payment plans…</Trans>
        </p>
      )}
    </div>
  );
}
