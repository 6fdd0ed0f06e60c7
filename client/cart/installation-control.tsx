/**
 * The basket's home-installation control for one article line (spec §3 installationService,
 * §7 installation data): choose the service when there are several (a radio group), type the
 * postal code, check the price (the data call; Enter works), read the price and the service's
 * warning (announced through an aria-live region), then add it. A chosen installation shows
 * its postal code and price with a remove button. The server prices it again on every read.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { api, ApiError, unwrap } from '../api';
import { useStore } from '../components/store-context';
import { formatMoney } from '../i18n/format';
import type { CartLineView, InstallationQuoteView } from './api';

interface InstallationControlProps {
  line: CartLineView;
  busy: boolean;
  onAdd: (serviceId: number, postalCode: string) => void;
  onRemove: (idLine: number) => void;
}

export function InstallationControl({ line, busy, onAdd, onRemove }: InstallationControlProps) {
  const { t } = useLingui();
  const { language } = useStore();
  const chosen = line.installationService;
  if (line.installationOptions.length === 0 && !chosen) return null;
  if (chosen) {
    const name = line.name;
    const serviceName = chosen.name;
    const postalCode = chosen.postalCode;
    const total = formatMoney(chosen.totalPrice, language);
    return (
      <div className="basket-line__services basket-line__installation" data-installation-line={chosen.idLine}>
        <p>
          <Trans>
            {serviceName} at {postalCode}: {total}
          </Trans>
        </p>
        <p className="field__hint">{chosen.summary}</p>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => onRemove(chosen.idLine)} aria-label={t`Remove the installation of ${name}`}>
          <Trans>Remove installation</Trans>
        </button>
      </div>
    );
  }
  return <InstallationForm line={line} busy={busy} onAdd={onAdd} />;
}

function InstallationForm({ line, busy, onAdd }: Omit<InstallationControlProps, 'onRemove'>) {
  const { t } = useLingui();
  const { language } = useStore();
  const id = useId();
  const options = line.installationOptions;
  const [serviceId, setServiceId] = useState(options[0]!.id);
  const [postalCode, setPostalCode] = useState('');
  const [quote, setQuote] = useState<InstallationQuoteView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  // A price belongs to one service and one postal code: changing either asks again.
  const forget = () => {
    setQuote(null);
    setProblem(null);
  };

  async function check(event: FormEvent) {
    event.preventDefault();
    if (postalCode.trim() === '') {
      setProblem(t`Type the postal code where we should install it.`);
      return;
    }
    setChecking(true);
    forget();
    try {
      const query = { postalCode: postalCode.trim(), serviceId: String(serviceId), articleId: String(line.idArticle) };
      setQuote(await unwrap(api.checkout.articles.installation.data.$get({ query })));
    } catch (failure) {
      setProblem(failure instanceof ApiError && failure.message ? failure.message : t`We could not check the installation price. Please try again.`);
    } finally {
      setChecking(false);
    }
  }

  const statusId = `${id}-status`;
  const unit = quote ? formatMoney(quote.price, language) : '';
  const quotedPostalCode = quote?.postalCode ?? '';
  return (
    <form className="basket-line__services basket-line__installation" onSubmit={check} aria-label={t`Installation of ${line.name}`}>
      <fieldset disabled={busy || checking}>
        <legend>{options.length === 1 ? options[0]!.name : <Trans>Installation at home</Trans>}</legend>
        {options.length > 1 ? (
          <div role="radiogroup" aria-label={t`Installation service`}>
            {options.map((option) => (
              <div className="field field--check" key={option.id}>
                <input
                  type="radio"
                  id={`${id}-service-${option.id}`}
                  name={`${id}-service`}
                  checked={serviceId === option.id}
                  onChange={() => {
                    setServiceId(option.id);
                    forget();
                  }}
                />
                <label htmlFor={`${id}-service-${option.id}`}>{option.name}</label>
              </div>
            ))}
          </div>
        ) : null}
        <div className={problem ? 'field field--invalid' : 'field'}>
          <label htmlFor={`${id}-postal`}>
            <Trans>Postal code for the installation</Trans>
          </label>
          <input
            id={`${id}-postal`}
            autoComplete="postal-code"
            maxLength={12}
            value={postalCode}
            aria-invalid={problem ? true : undefined}
            aria-describedby={statusId}
            onChange={(event) => {
              setPostalCode(event.target.value);
              forget();
            }}
          />
        </div>
        <button type="submit" className="button button--secondary">
          <Trans>Check installation price</Trans>
        </button>
      </fieldset>
      <div id={statusId} role="status" aria-live="polite">
        {checking ? (
          <p className="field__hint">
            <Trans>Checking the price…</Trans>
          </p>
        ) : null}
        {problem ? <p className="field__error">{problem}</p> : null}
        {quote ? (
          <>
            <p>
              <Trans>
                Installation at {quotedPostalCode}: {unit} per unit
              </Trans>
            </p>
            <p className="field__hint">{quote.summary}</p>
          </>
        ) : null}
      </div>
      {quote ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => onAdd(quote.installationServiceId, quote.postalCode)}>
          <Trans>Add installation</Trans>
        </button>
      ) : null}
    </form>
  );
}
