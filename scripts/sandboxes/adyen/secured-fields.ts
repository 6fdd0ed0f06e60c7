// The browser side of card entry, as adyen-web 6 expects it from Adyen: the secured-fields frame
// (`{api}securedfields/{clientKey}/{version}/securedFields.html`), the field encryption behind it and
// the BIN lookup. The protocol is adyen-web's own (src/components/internal/SecuredFields/lib in its
// source maps): the library posts a JSON config to each frame, the frame answers `config`, then
// reports `focus`, `binValue`, validation actions (`numberKeyPressed`, `incomplete field`…, with an
// `error` code such as `cc.num.902`) and `encryption` with the encrypted blobs. See docs/payments.md.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { TEST_CARDS } from './cards.ts';

/** Prefix of Adyen's client-side encryption blobs (library version 0.1.25). */
export const BLOB_PREFIX = 'adyenjs_0_1_25$';

/** The plain value names inside a blob, by the `encrypted…` field of the payment method they belong to. */
export const BLOB_FIELDS = {
  encryptedCardNumber: 'number',
  encryptedExpiryMonth: 'expiryMonth',
  encryptedExpiryYear: 'expiryYear',
  encryptedSecurityCode: 'cvc',
  encryptedBin: 'bin',
} as const;
export type BlobValueName = (typeof BLOB_FIELDS)[keyof typeof BLOB_FIELDS];

export class BlobError extends Error {}

/**
 * AES-256-GCM under a key that only this sandbox process holds: the store (and the page around the
 * frames) sees the blobs, never the card data. `adyenjs_0_1_25$<iv>$<ciphertext+tag>` (base64), the
 * plaintext `{"<name>": value, "generationtime": ISO}` like Adyen's.
 */
export function createFieldCipher(key: Buffer = randomBytes(32)) {
  return {
    encrypt(name: BlobValueName, value: string, now = new Date()): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(name));
      const plain = JSON.stringify({ [name]: value, generationtime: now.toISOString() });
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${BLOB_PREFIX}${iv.toString('base64')}$${data.toString('base64')}`;
    },
    /** The value of a blob made for `name`; a blob of another field, another key or altered throws. */
    decrypt(name: BlobValueName, blob: string): string {
      if (!blob.startsWith(BLOB_PREFIX)) throw new BlobError('not an encrypted blob');
      const [ivPart, dataPart, ...rest] = blob.slice(BLOB_PREFIX.length).split('$');
      if (!ivPart || !dataPart || rest.length) throw new BlobError('malformed blob');
      const iv = Buffer.from(ivPart, 'base64');
      const data = Buffer.from(dataPart, 'base64');
      if (iv.length !== 12 || data.length < 17) throw new BlobError('malformed blob');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(name));
        decipher.setAuthTag(data.subarray(data.length - 16));
        const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
        const value = (JSON.parse(plain) as Record<string, unknown>)[name];
        if (typeof value !== 'string') throw new BlobError('blob without value');
        return value;
      } catch (e) {
        if (e instanceof BlobError) throw e;
        throw new BlobError('blob does not decrypt');
      }
    },
  };
}
export type FieldCipher = ReturnType<typeof createFieldCipher>;

// ---- brands ---------------------------------------------------------------------------------

/** Brand rules by number prefix (what a frame can tell before any lookup), most specific first. */
export const BRAND_RULES: ReadonlyArray<{ brand: string; pattern: string; lengths: number[]; cvc: number; cvcPolicy: 'required' | 'optional' }> = [
  { brand: 'amex', pattern: '^3[47]', lengths: [15], cvc: 4, cvcPolicy: 'required' },
  { brand: 'diners', pattern: '^3(0[0-5]|[689])', lengths: [14, 16, 19], cvc: 3, cvcPolicy: 'required' },
  { brand: 'jcb', pattern: '^35(2[89]|[3-8])', lengths: [16, 17, 18, 19], cvc: 3, cvcPolicy: 'required' },
  { brand: 'cup', pattern: '^(62|81)', lengths: [16, 17, 18, 19], cvc: 3, cvcPolicy: 'required' },
  { brand: 'discover', pattern: '^(6011|64[4-9]|65)', lengths: [16, 19], cvc: 3, cvcPolicy: 'required' },
  { brand: 'maestro', pattern: '^(5[06-9]|6[37])', lengths: [12, 13, 14, 15, 16, 17, 18, 19], cvc: 3, cvcPolicy: 'optional' },
  { brand: 'mc', pattern: '^(5[1-5]|2[2-7])', lengths: [16], cvc: 3, cvcPolicy: 'required' },
  { brand: 'visa', pattern: '^4', lengths: [13, 16, 19], cvc: 3, cvcPolicy: 'required' },
];

function brandByPrefix(digits: string) {
  return BRAND_RULES.find((r) => new RegExp(r.pattern).test(digits));
}

/**
 * What Adyen's BIN lookup answers for the first digits of a card (`v3/bin/binLookup`): the brand of
 * the sandbox's test card with that prefix (so Cartes Bancaires cards are told from Visa), else the
 * brand by prefix; `supported` when the merchant's brands include it.
 */
export function binLookup(bin: string, supportedBrands: string[], requestId: string): Record<string, unknown> {
  const card = TEST_CARDS.find((c) => c.number.startsWith(bin));
  const brand = card?.brand ?? brandByPrefix(bin)?.brand;
  if (!brand || bin.length < 6) return { requestId };
  const rule = BRAND_RULES.find((r) => r.brand === brand);
  return {
    brands: [{
      brand,
      cvcPolicy: card ? (card.cvc ? 'required' : 'optional') : (rule?.cvcPolicy ?? 'required'),
      enableLuhnCheck: true,
      expiryDatePolicy: 'required',
      paymentMethodVariant: brand,
      showSocialSecurityNumber: false,
      supported: supportedBrands.includes(brand),
    }],
    ...(card && /^[A-Z]{2}$/.test(card.country) ? { issuingCountryCode: card.country } : {}),
    requestId,
  };
}

// ---- the frame ------------------------------------------------------------------------------

/** The frame page. `encryptUrl` is where it has values encrypted (same origin as the frame). */
export function securedFieldsPage(encryptUrl: string): string {
  const rules = JSON.stringify(BRAND_RULES);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Secured field (sandbox)</title>
<style>html,body{margin:0;padding:0;background:transparent;height:100%}
input{box-sizing:border-box;width:100%;height:100%;min-height:38px;border:0;outline:0;padding:0 2px;font:16px/1.2 system-ui,-apple-system,sans-serif;color:#00112c;background:transparent}
input::placeholder{color:#8d95a3}input[aria-invalid="true"]{color:#c12424}</style></head>
<body><input id="field" type="text" autocomplete="off" spellcheck="false" disabled>
<script>
(() => {
  'use strict';
  const RULES = ${rules};
  const ENCRYPT_URL = ${JSON.stringify(encryptUrl)};
  const input = document.getElementById('field');
  const params = new URLSearchParams(location.search);
  let parentOrigin = '';
  try { parentOrigin = atob(params.get('d') || ''); } catch (e) { parentOrigin = ''; }
  if (!parentOrigin && document.referrer) parentOrigin = new URL(document.referrer).origin;
  let cfg = null;
  let override = null;          // brand from the BIN lookup: { brand, enableLuhnCheck, panLength }
  let cvcBrand = null;          // brand told to the CVC frame
  let cvcPolicy = 'required';
  let datePolicy = 'required';
  let reportedBrand = null;
  let encryptedState = false;   // last message sent was an encryption
  let lastError = '';
  let lastBinKey = '';
  let seq = 0;

  function post(obj) {
    parent.postMessage(JSON.stringify(Object.assign({}, obj, { fieldType: cfg.fieldType, numKey: cfg.numKey })), parentOrigin);
  }
  function digitsOf(v) { return v.replace(/\\D/g, ''); }
  function luhn(d) {
    let sum = 0;
    for (let i = 0; i < d.length; i++) { let n = +d[d.length - 1 - i]; if (i % 2) { n *= 2; if (n > 9) n -= 9; } sum += n; }
    return sum % 10 === 0;
  }
  function rule(brand) { return RULES.find((r) => r.brand === brand) || null; }
  function numberBrand(d) {
    if (override && override.brand) return { brand: override.brand, rule: rule(override.brand) };
    const r = RULES.find((x) => new RegExp(x.pattern).test(d));
    return { brand: r ? r.brand : 'card', rule: r };
  }
  async function encrypt(values) {
    const res = await fetch(ENCRYPT_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ values }) });
    if (!res.ok) throw new Error('encryption failed: ' + res.status);
    return (await res.json()).blobs;
  }
  function invalid(action, error) {
    const changed = error !== lastError || encryptedState;
    lastError = error;
    encryptedState = false;
    input.setAttribute('aria-invalid', error ? 'true' : 'false');
    return changed;
  }
  function encryptAndPost(values, build) {
    const mine = ++seq;
    lastError = '';
    input.setAttribute('aria-invalid', 'false');
    encrypt(values).then((blobs) => {
      if (mine !== seq) return; // the shopper typed on meanwhile
      encryptedState = true;
      post(build(blobs));
    }).catch((e) => post({ action: 'encryptionError', error: String(e && e.message || e), code: '600' }));
  }
  function report(action, error) { seq++; if (invalid(action, error)) post({ action, error }); }

  // ---- card number ----
  function formatNumber(d, brand) {
    if (brand === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
    return d.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  }
  function onNumber(blurred) {
    const d = digitsOf(input.value).slice(0, 19);
    const { brand, rule: r } = numberBrand(d);
    if (!blurred) input.value = formatNumber(d, brand);
    // BIN lookup: Adyen's frame sends the first digits encrypted once there are enough of them.
    const binKey = d.length >= 11 ? d.slice(0, 11) : '';
    if (binKey !== lastBinKey) {
      const before = lastBinKey;
      lastBinKey = binKey;
      if (binKey) {
        const uuid = Math.random().toString(36).slice(2) + Date.now().toString(36);
        encrypt({ bin: binKey }).then((b) => { if (lastBinKey === binKey) post({ action: 'binValue', binValue: d.slice(0, 6), encryptedBin: b.bin, uuid }); }).catch(() => {});
      } else if (before) {
        override = null;
        post({ action: 'binValue', binValue: d.slice(0, 6) });
      }
    }
    const policy = (r && r.cvcPolicy) || 'required';
    if (brand !== reportedBrand && d.length > 0 && (brand !== 'card' || reportedBrand)) {
      reportedBrand = brand;
      post({ action: 'brand', brand, cvcPolicy: policy, expiryDatePolicy: 'required', cvcText: 'Security code', error: lastError });
    }
    const lengths = override && override.panLength ? [override.panLength] : (r ? r.lengths : [16, 19]);
    const max = Math.max.apply(null, lengths);
    const luhnOn = !override || override.enableLuhnCheck !== false;
    const complete = lengths.includes(d.length);
    if (complete && (!luhnOn || luhn(d))) {
      encryptAndPost({ number: d }, (b) => ({
        action: 'encryption', endDigits: d.slice(-4), issuerBin: d.slice(0, 8),
        encryptedCardNumber: [{ type: 'number', encryptedFieldName: 'encryptedCardNumber', blob: b.number }],
      }));
      return;
    }
    // A failed Luhn check shows at a complete length of 16 digits or more (or on leaving the field),
    // not while a 16-digit Visa is being typed past a 13-digit prefix.
    let error = '';
    if (d.length >= max || (complete && d.length >= 16) || (blurred && complete)) error = 'cc.num.902';
    else if (blurred && d.length > 0) error = 'cc.num.901';
    report(blurred ? 'incomplete field' : 'numberKeyPressed', error);
  }

  // ---- expiry date ----
  function onDate(blurred) {
    let d = digitsOf(input.value);
    if (d.length === 1 && +d > 1) d = '0' + d;
    d = d.slice(0, 4);
    if (!blurred) input.value = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
    if (d.length === 4) {
      const month = +d.slice(0, 2);
      const year = 2000 + +d.slice(2);
      const now = new Date();
      const current = now.getFullYear() * 12 + now.getMonth() + 1;
      let error = '';
      if (month < 1 || month > 12) error = 'cc.dat.911';
      else if (year * 12 + month < current) error = 'cc.dat.912';
      else if (year * 12 + month > current + 30 * 12) error = 'cc.dat.913';
      if (!error) {
        const mm = d.slice(0, 2);
        const yyyy = String(year);
        encryptAndPost({ expiryMonth: mm, expiryYear: yyyy }, (b) => Object.assign({
          action: 'encryption', type: 'year',
          encryptedExpiryDate: [
            { type: 'month', encryptedFieldName: 'encryptedExpiryMonth', blob: b.expiryMonth },
            { type: 'year', encryptedFieldName: 'encryptedExpiryYear', blob: b.expiryYear },
          ],
        }, cfg.exposeExpiryDate ? { expiryDate: mm + '/' + d.slice(2) } : {}));
        return;
      }
      report('dateKeyPressed', error);
      return;
    }
    report(blurred ? 'incomplete field' : 'dateKeyPressed', blurred && d.length > 0 && datePolicy === 'required' ? 'cc.dat.911' : '');
  }

  // ---- security code ----
  function cvcLength() { const r = rule(cvcBrand); return r ? r.cvc : (cfg.txVariant === 'amex' ? 4 : 3); }
  function onCvc(blurred) {
    const len = cvcLength();
    const d = digitsOf(input.value).slice(0, 4);
    if (!blurred) input.value = d;
    if (cvcPolicy === 'hidden' || (cvcPolicy === 'optional' && d.length === 0)) { report('cvcKeyPressed', ''); return; }
    if (d.length === len) {
      encryptAndPost({ cvc: d }, (b) => ({ action: 'encryption', encryptedSecurityCode: [{ type: 'cvc', encryptedFieldName: 'encryptedSecurityCode', blob: b.cvc }] }));
      return;
    }
    const amex = len === 4 ? '.amex' : '';
    const error = d.length > len ? 'cc.cvc.921' + amex : blurred && d.length > 0 ? 'cc.cvc.921' + amex : '';
    report(blurred ? 'incomplete field' : 'cvcKeyPressed', error);
  }

  function validate(blurred) {
    if (!cfg) return;
    if (cfg.fieldType === 'encryptedCardNumber') onNumber(blurred);
    else if (cfg.fieldType === 'encryptedExpiryDate') onDate(blurred);
    else if (cfg.fieldType === 'encryptedSecurityCode') onCvc(blurred);
  }

  function configure(c) {
    cfg = c;
    const ui = c.iframeUIConfig || {};
    const aria = (ui.ariaConfig && ui.ariaConfig[c.fieldType]) || {};
    const ph = ui.placeholders || {};
    if (ui.ariaConfig && ui.ariaConfig.lang) document.documentElement.lang = ui.ariaConfig.lang;
    cvcPolicy = c.cvcPolicy || 'required';
    datePolicy = c.expiryDatePolicy || 'required';
    const kinds = {
      encryptedCardNumber: ['cc-number', ph.encryptedCardNumber || '1234 5678 9012 3456', 23],
      encryptedExpiryDate: ['cc-exp', ph.encryptedExpiryDate || 'MM/YY', 5],
      encryptedSecurityCode: ['cc-csc', ph.encryptedSecurityCode3digits || '123', 4],
    };
    const k = kinds[c.fieldType];
    if (!k) return; // a field this sandbox does not offer (gift card, KCP): it never configures
    input.setAttribute('autocomplete', k[0]);
    input.setAttribute('placeholder', k[1]);
    input.setAttribute('maxlength', String(k[2]));
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('aria-label', aria.label || c.fieldType);
    input.setAttribute('aria-invalid', 'false');
    input.setAttribute('data-field', c.fieldType);
    input.disabled = false;
    post({ action: 'config' });
  }

  window.addEventListener('message', (e) => {
    if (e.origin !== parentOrigin || typeof e.data !== 'string') return;
    let m;
    try { m = JSON.parse(e.data); } catch (err) { return; }
    if (!m || typeof m !== 'object') return;
    if (!cfg) { if (typeof m.fieldType === 'string' && m.numKey !== undefined) configure(m); return; }
    if (m.numKey !== cfg.numKey) return;
    if (m.focus === true) { input.focus(); return; }
    if (m.destroy) { input.disabled = true; return; }
    if (m.externalValidation || m.unsupportedCard) { input.setAttribute('aria-invalid', m.code ? 'true' : 'false'); return; }
    if (cfg.fieldType === 'encryptedCardNumber' && typeof m.brand === 'string') {
      override = m.brand === 'reset' ? null : { brand: m.brand, enableLuhnCheck: m.enableLuhnCheck, panLength: m.panLength };
      if (input.value) validate(false);
      return;
    }
    if (cfg.fieldType === 'encryptedSecurityCode' && (m.brand !== undefined || m.cvcPolicy !== undefined)) {
      cvcBrand = m.brand || null;
      cvcPolicy = m.cvcPolicy || 'required';
      input.setAttribute('maxlength', String(cvcLength()));
      if (input.value || cvcPolicy !== 'required') validate(false);
      return;
    }
    if (m.expiryDatePolicy !== undefined && cfg.fieldType === 'encryptedExpiryDate') { datePolicy = m.expiryDatePolicy; return; }
  });

  input.addEventListener('input', () => validate(false));
  input.addEventListener('focus', () => cfg && post({ action: 'focus', focus: true, numChars: digitsOf(input.value).length }));
  input.addEventListener('blur', () => {
    if (!cfg) return;
    post({ action: 'focus', focus: false, numChars: digitsOf(input.value).length });
    if (input.value && !encryptedState) validate(true);
  });
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && cfg) post({ action: 'enterKeyPressed' }); });
})();
</script></body></html>`;
}
