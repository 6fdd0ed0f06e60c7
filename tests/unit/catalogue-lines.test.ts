// The catalogue update line format (worker/jobs/catalogue-lines.ts) and the CLI's own parsing
// (scripts/catalogue-import.ts), which checks files with the same schema as the API.
import { describe, expect, it } from 'vitest';
import { catalogueLine, MAX_LINE_BYTES, parseCatalogueLines, reasonOf } from '../../worker/jobs/catalogue-lines';
import { describeBadLines, developmentToken, LOCAL_URL, parseImportArgs, REMOTE_URL } from '../../scripts/catalogue-import';

const offer = { article: 12, seller: 0, channel: 'ES' };
const create = { id: 'c-1', op: 'create', ...offer, price: 19_999, stock: 4, availabilityCode: 1, deliveryMinDays: 1, deliveryMaxDays: 2 };

function reasons(input: unknown): (string | undefined)[] {
  const result = catalogueLine.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => reasonOf(issue) ?? issue.path.join('.'));
}

describe('catalogue line schema', () => {
  it('takes updates of price, original price, stock and availability, with condition new by default', () => {
    const line = catalogueLine.parse({ id: 'u-1', op: 'update', ...offer, price: 1999, originalPrice: 2499, stock: 0, availabilityCode: 9876 });
    expect(line).toEqual({ id: 'u-1', op: 'update', ...offer, condition: 'new', price: 1999, originalPrice: 2499, stock: 0, availabilityCode: 9876 });
    expect(catalogueLine.parse({ id: 'u-2', op: 'update', ...offer, originalPrice: null })).toMatchObject({ originalPrice: null });
  });

  it('refuses an update that changes nothing, and an original price not above the price', () => {
    expect(reasons({ id: 'u', op: 'update', ...offer })).toEqual(['nothingToChange']);
    expect(reasons({ id: 'u', op: 'update', ...offer, price: 2000, originalPrice: 2000 })).toEqual(['originalNotHigher']);
  });

  it('refuses money that is not whole positive cents, unknown codes, channels and fields', () => {
    expect(reasons({ id: 'u', op: 'update', ...offer, price: 19.99 })).toEqual(['price']);
    expect(reasons({ id: 'u', op: 'update', ...offer, price: 0 })).toEqual(['price']);
    expect(reasons({ id: 'u', op: 'update', ...offer, availabilityCode: 8 })).toEqual(['availabilityCode']);
    expect(reasons({ id: 'u', op: 'update', ...offer, channel: 'GB', stock: 1 })).toEqual(['channel']);
    expect(reasons({ id: 'u', op: 'update', ...offer, stock: -1 })).toEqual(['stock']);
    expect(reasons({ id: 'u', op: 'update', ...offer, stock: 1, colour: 'red' })).toEqual(['']);
    expect(reasons({ id: 'has space', op: 'update', ...offer, stock: 1 })).toEqual(['id']);
    expect(reasons({ id: 'u', op: 'rename', ...offer })).toEqual(['op']);
  });

  it('needs every field of a created offer, with defaults for original price, shipping and sender', () => {
    expect(catalogueLine.parse(create)).toMatchObject({ originalPrice: null, minShippingPrice: 0, sentBy: 'seller', condition: 'new' });
    const { stock: _stock, ...withoutStock } = create;
    expect(reasons(withoutStock)).toEqual(['stock']);
    expect(reasons({ ...create, deliveryMinDays: 5, deliveryMaxDays: 2 })).toEqual(['deliveryRange']);
  });

  it('takes a withdrawal with the offer only', () => {
    expect(catalogueLine.parse({ id: 'w', op: 'withdraw', ...offer, condition: 'Reaconditioned-A' })).toEqual({ id: 'w', op: 'withdraw', ...offer, condition: 'Reaconditioned-A' });
    expect(reasons({ id: 'w', op: 'withdraw', ...offer, price: 100 })).toEqual(['']);
  });
});

describe('parseCatalogueLines', () => {
  it('numbers lines as the file does, skipping blank ones, and refuses a repeated id on its later line', () => {
    const text = [JSON.stringify(create), '', '  ', '{oops', JSON.stringify({ ...create, price: 100 }), 'x'.repeat(MAX_LINE_BYTES + 1), JSON.stringify({ ...create, id: 'c-2' })].join('\r\n');
    const parsed = parseCatalogueLines(`${text}\n`);
    expect(parsed.total).toBe(7);
    expect(parsed.lines.map(({ line, change }) => [line, change.id])).toEqual([
      [1, 'c-1'],
      [7, 'c-2'],
    ]);
    expect(parsed.bad.map(({ line, issues }) => [line, issues.map(({ issue }) => reasonOf(issue))])).toEqual([
      [4, ['notJson']],
      [5, ['duplicateId']],
      [6, ['lineTooLong']],
    ]);
    expect(describeBadLines(parsed.bad)[1]).toBe('line 5, id: the id of line 1 again');
  });
});

describe('catalogue:import arguments', () => {
  it('defaults to the local server, or the store with --remote, and takes --url', () => {
    expect(parseImportArgs(['f.jsonl'])).toEqual({ ok: true, value: { file: 'f.jsonl', remote: false, url: LOCAL_URL } });
    expect(parseImportArgs(['--remote', 'f.jsonl'])).toEqual({ ok: true, value: { file: 'f.jsonl', remote: true, url: REMOTE_URL } });
    expect(parseImportArgs(['f.jsonl', '--url', 'http://pt.localhost:8787/'])).toMatchObject({ ok: true, value: { url: 'http://pt.localhost:8787' } });
    expect(parseImportArgs([])).toMatchObject({ ok: false });
    expect(parseImportArgs(['a', 'b'])).toMatchObject({ ok: false });
    expect(parseImportArgs(['a', '--url', 'ftp://x'])).toMatchObject({ ok: false });
    expect(parseImportArgs(['a', '--force'])).toMatchObject({ ok: false });
  });

  it('reads the development token of wrangler.toml', () => {
    expect(developmentToken('[vars]\nENVIRONMENT = "development"\nOPS_API_TOKEN = "dev-only-abc"\n')).toBe('dev-only-abc');
    expect(developmentToken('[vars]\n')).toBeUndefined();
  });
});
