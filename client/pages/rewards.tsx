/** The rewards programme preview: points per euro, levels and what each gives, marked as a preview. */
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import { LANGUAGE_INFO } from '../i18n/languages';

export interface RewardsLevelView {
  id: string;
  name: MessageDescriptor;
  minPoints: number;
  multiplierPercent: number;
  perks: MessageDescriptor[];
  /** Points the example order earns at this level. */
  examplePoints: number;
}

export interface RewardsData {
  pointsPerEuro: number;
  pointsPerEuroOfDiscount: number;
  levelWindowMonths: number;
  pointsExpireMonths: number;
  /** The example order used to show what each level earns, in cents. */
  exampleAmount: number;
  levels: RewardsLevelView[];
}

export default function RewardsPage({ data }: { data: RewardsData }) {
  const { i18n } = useLingui();
  const { language } = useStore();
  const { pointsPerEuro, pointsPerEuroOfDiscount, levelWindowMonths: windowMonths, pointsExpireMonths: expiry } = data;
  const example = formatMoney(data.exampleAmount, language);
  const euro = formatMoney(100, language);
  const number = new Intl.NumberFormat(LANGUAGE_INFO[language].tag);
  return (
    <>
      <p className="preview-banner" role="note">
        <strong>
          <Trans>Preview</Trans>
        </strong>{' '}
        <Trans>Ampora Rewards is not live yet. Points, levels and benefits may change before it launches.</Trans>
      </p>
      <h1>
        <Trans>Ampora Rewards (preview)</Trans>
      </h1>
      <section aria-labelledby="rewards-how-title">
        <h2 id="rewards-how-title">
          <Trans>How it works</Trans>
        </h2>
        <ul>
          <li>
            <Plural
              value={pointsPerEuro}
              one={`Earn # point for every ${euro} you spend, multiplied by your level.`}
              other={`Earn # points for every ${euro} you spend, multiplied by your level.`}
            />
          </li>
          <li>
            <Trans>
              Every {pointsPerEuroOfDiscount} points take {euro} off an order at checkout.
            </Trans>
          </li>
          <li>
            <Trans>Your level depends on the points you earned in the last {windowMonths} months.</Trans>
          </li>
          <li>
            <Trans>Points you do not spend expire after {expiry} months.</Trans>
          </li>
        </ul>
      </section>
      <section aria-labelledby="rewards-levels-title">
        <h2 id="rewards-levels-title">
          <Trans>Levels</Trans>
        </h2>
        <table className="rewards-levels">
          <caption>
            <Trans>Points earned on an order of {example} at each level</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Level</Trans>
              </th>
              <th scope="col">
                <Trans>Points needed</Trans>
              </th>
              <th scope="col">
                <Trans>Points per order of {example}</Trans>
              </th>
              <th scope="col">
                <Trans>Benefits</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.levels.map((level) => (
              <tr key={level.id}>
                <th scope="row">{i18n._(level.name)}</th>
                <td>{number.format(level.minPoints)}</td>
                <td>{number.format(level.examplePoints)}</td>
                <td>
                  <ul>
                    {level.perks.map((perk, index) => (
                      <li key={index}>{i18n._(perk)}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
