/**
 * The collection point search of the delivery step (spec §3 shipping type 2): a postal code
 * field, a distance, and the points of `GET /api/orders/get-shipping-points` as a radio group
 * with their address, distance and today's opening hours. What the search found (or why it
 * failed) is announced in a polite live region. It sits inside the step's form, so searching is
 * a plain button and Enter in the field searches instead of submitting the step.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SHIPPING_POINT_DEFAULT_DISTANCE_KM } from '../../worker/domain/checkout/delivery-options';
import { openingToday, type OpeningHours } from '../../worker/domain/checkout/collection-points';
import { api, ApiError, unwrap, type ApiData } from '../api';
import { useStore } from '../components/store-context';
import { LANGUAGE_INFO, type Language } from '../i18n/languages';
import { Choice } from './step-parts';
import { addressLines } from '../../worker/domain/identity/address-format';

export interface PickedPoint {
  id: number;
  name: string;
  address: string;
  postalCode: string;
  city: string;
}

export interface CollectionPointPickerProps {
  countryIso: string;
  postalCode: string;
  articleIds: number[];
  selectedId: number | null;
  onSelect(point: PickedPoint): void;
  /** The channel's IANA zone: "today" and "open now" are the store's, not the browser's. */
  timeZone: string;
}

type SearchAnswer = ApiData<typeof api.orders['get-shipping-points']['$get']>;

/** The radii offered, in km; the API takes 1 to 50. */
const DISTANCES = [5, SHIPPING_POINT_DEFAULT_DISTANCE_KM, 30, 50] as const;

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; answer: SearchAnswer }
  | { kind: 'failed'; message: string; field: boolean };

const distanceFormats = new Map<Language, Intl.NumberFormat>();

/** 2.3 → "2,3 km" in es_ES. */
function formatKm(km: number, language: Language): string {
  let format = distanceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_INFO[language].tag, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
    distanceFormats.set(language, format);
  }
  return format.format(km);
}

/** Today's hours of a point in the store's time zone. */
function TodayHours({ hours, timeZone }: { hours: OpeningHours; timeZone: string }) {
  const today = openingToday(hours, new Date(), timeZone);
  if (today.ranges.length === 0) return <Trans>Closed today</Trans>;
  if (today.ranges.length === 1 && today.ranges[0]!.opens === '00:00' && today.ranges[0]!.closes === '24:00') return <Trans>Open 24 hours today</Trans>;
  const ranges = today.ranges.map((range) => `${range.opens}–${range.closes}`).join(', ');
  return today.openNow ? <Trans>Today {ranges} · open now</Trans> : <Trans>Today {ranges}</Trans>;
}

export function CollectionPointPicker({ countryIso, postalCode, articleIds, selectedId, onSelect, timeZone }: CollectionPointPickerProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const [code, setCode] = useState(postalCode);
  const [distance, setDistance] = useState<number>(SHIPPING_POINT_DEFAULT_DISTANCE_KM);
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  // Only the latest search may write its answer (an earlier, slower one must not overwrite it).
  const latest = useRef(0);

  async function search(cp: string, km: number) {
    const asked = ++latest.current;
    if (cp.trim() === '') {
      setState({ kind: 'failed', message: t`Enter a postal code.`, field: true });
      return;
    }
    setState({ kind: 'searching' });
    const query = { country: countryIso, cp: cp.trim(), distance: String(km), ...(articleIds.length > 0 ? { idArticle: articleIds.join(',') } : {}) };
    try {
      const answer = await unwrap(api.orders['get-shipping-points'].$get({ query }));
      if (asked === latest.current) setState({ kind: 'found', answer });
    } catch (failure) {
      if (asked !== latest.current) return;
      const cpIssue = failure instanceof ApiError ? failure.fieldIssues.cp : undefined;
      const message = cpIssue ?? (failure instanceof ApiError && failure.message ? failure.message : t`Something went wrong. Please try again.`);
      setState({ kind: 'failed', message, field: cpIssue !== undefined || (failure instanceof ApiError && failure.code === 'POSTAL_CODE_NOT_FOUND') });
    }
  }

  // The first search uses the address's postal code (again when the address changes); later
  // ones run when the person asks.
  useEffect(() => {
    setCode(postalCode);
    if (postalCode.trim() !== '') void search(postalCode, distance);
  }, [countryIso, postalCode]);

  function changeDistance(km: number) {
    setDistance(km);
    if (code.trim() !== '') void search(code, km);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void search(code, distance);
  }

  const points = state.kind === 'found' ? state.answer.points : [];
  const fieldError = state.kind === 'failed' && state.field ? state.message : undefined;
  const km = state.kind === 'found' ? formatKm(state.answer.distance, language) : '';
  const origin = state.kind === 'found' ? state.answer.origin.postalCode : '';
  const count = points.length;

  return (
    <fieldset className="collection-points" aria-busy={state.kind === 'searching'}>
      <legend>
        <Trans>Collection point</Trans>
      </legend>
      <div className="collection-points__search">
        <div className={`field${fieldError ? ' field--invalid' : ''}`}>
          <label htmlFor="collection-point-cp">
            <Trans>Postal code</Trans>
          </label>
          <input
            id="collection-point-cp"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="postal-code"
            inputMode={countryIso === 'PT' ? 'text' : 'numeric'}
            maxLength={12}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'collection-point-cp-error' : undefined}
          />
          {fieldError ? (
            <p className="field__error" id="collection-point-cp-error">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="collection-point-distance">
            <Trans>Within</Trans>
          </label>
          <select id="collection-point-distance" value={distance} onChange={(event) => changeDistance(Number(event.target.value))}>
            {DISTANCES.map((option) => (
              <option key={option} value={option}>
                {formatKm(option, language)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--secondary" onClick={() => void search(code, distance)} disabled={state.kind === 'searching'}>
          <Trans>Search</Trans>
        </button>
      </div>

      <p className="collection-points__status" role="status" aria-live="polite">
        {state.kind === 'searching' ? <Trans>Looking for collection points…</Trans> : null}
        {state.kind === 'found' && count === 0 ? <Trans>No collection point within {km} of {origin}.</Trans> : null}
        {state.kind === 'found' && count > 0 ? <Plural value={count} one={`# collection point within ${km} of ${origin}.`} other={`# collection points within ${km} of ${origin}.`} /> : null}
        {state.kind === 'failed' && !state.field ? state.message : null}
      </p>

      {count > 0 ? (
        <div role="radiogroup" aria-label={t`Collection points`} className="collection-points__list">
          {points.map((point) => {
            const distanceText = formatKm(point.distanceKm, language);
            return (
              <Choice key={point.id} name="collection-point" value={String(point.id)} checked={selectedId === point.id} onChange={() => onSelect({ id: point.id, name: point.name, address: point.address, postalCode: point.postalCode, city: point.city })}>
                <strong>{point.name}</strong> — {distanceText}
                <br />
                {addressLines({ address: point.address, postalCode: point.postalCode, city: point.city, countryIso }).join(', ')}
                <br />
                <span className="choice__why">
                  <TodayHours hours={point.openingHours} timeZone={timeZone} />
                </span>
              </Choice>
            );
          })}
        </div>
      ) : null}
    </fieldset>
  );
}
