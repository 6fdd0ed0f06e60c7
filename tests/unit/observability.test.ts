import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeholdersOf } from '../../scripts/deploy.mjs';
import { parseBookmark } from '../../worker/db/client';
import { D1Meter, requestIdOf, serverTiming } from '../../worker/http/observability';

afterEach(() => vi.restoreAllMocks());

describe('D1Meter', () => {
  it('counts every call and the time at least one was in flight, overlaps once', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const meter = new D1Meter();
    const gates: (() => void)[] = [];
    const call = () => meter.time(() => new Promise<void>((resolve) => gates.push(resolve)));
    const first = call(); // in flight from 0
    clock = 10;
    const second = call(); // overlaps from 10
    clock = 30;
    gates[0]!();
    await first;
    clock = 40;
    gates[1]!();
    await second; // both done at 40: 40 ms of D1, not 30 + 30
    clock = 100;
    await meter.time(async () => {
      clock = 105;
    });
    expect(meter.queries).toBe(3);
    expect(meter.milliseconds).toBe(45);
  });

  it('adds the calls and time of D1 reads made elsewhere for the request', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const meter = new D1Meter();
    await meter.time(async () => {
      clock = 4;
    });
    meter.record(1, 6.5);
    expect(meter.queries).toBe(2);
    expect(meter.milliseconds).toBe(10.5);
  });

  it('counts a failing call too', async () => {
    const meter = new D1Meter();
    await expect(meter.time(() => Promise.reject(new Error('no such table')))).rejects.toThrow('no such table');
    expect(meter.queries).toBe(1);
  });
});

describe('serverTiming', () => {
  it('adds db, render, cache and total', () => {
    expect(serverTiming(null, { dbMs: 12.34, renderMs: 3, cache: 'hit', totalMs: 20 })).toBe('db;dur=12.3, render;dur=3.0, cache;desc=hit, total;dur=20.0');
    expect(serverTiming(null, { dbMs: 0, cache: 'bypass', totalMs: 1 })).toBe('db;dur=0.0, cache;desc=bypass, total;dur=1.0');
  });

  it("keeps a handler's own db entry instead of adding a second", () => {
    expect(serverTiming('db;dur=7.5', { dbMs: 9, cache: 'bypass', totalMs: 11 })).toBe('db;dur=7.5, cache;desc=bypass, total;dur=11.0');
  });
});

describe('request ids and bookmarks', () => {
  it("uses a well-formed cf-ray, else a random id", () => {
    expect(requestIdOf(new Request('http://x/', { headers: { 'cf-ray': '8c1d2e3f4a5b6c7d-MAD' } }))).toBe('8c1d2e3f4a5b6c7d-MAD');
    expect(requestIdOf(new Request('http://x/', { headers: { 'cf-ray': '"><script>' } }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(new Request('http://x/'))).not.toBe(requestIdOf(new Request('http://x/')));
  });

  it('accepts only bookmark-shaped cookie values', () => {
    expect(parseBookmark('0000000a-00000003-00004f6b-3c1de2b8a53c0a4e4f5f3b4d1a2c9e8f')).toBe('0000000a-00000003-00004f6b-3c1de2b8a53c0a4e4f5f3b4d1a2c9e8f');
    expect(parseBookmark('first-primary')).toBeUndefined();
    expect(parseBookmark('')).toBeUndefined();
    expect(parseBookmark(undefined)).toBeUndefined();
    expect(parseBookmark('a'.repeat(300))).toBeUndefined();
  });
});

describe('deploy placeholders', () => {
  it('finds the REPLACE_WITH_ values of one environment only, comments aside', () => {
    const toml = [
      '[[d1_databases]]',
      'database_id = "REPLACE_WITH_top"',
      '[env.staging]',
      'name = "ampora-staging"',
      '# id = "REPLACE_WITH_in_a_comment"',
      '[[env.staging.kv_namespaces]]',
      'id = "REPLACE_WITH_staging_kv"',
      '[env.production.vars]',
      'X = "REPLACE_WITH_production"',
    ].join('\n');
    expect(placeholdersOf(toml, 'staging')).toEqual(['id = "REPLACE_WITH_staging_kv"']);
    expect(placeholdersOf(toml, 'production')).toEqual(['X = "REPLACE_WITH_production"']);
  });

  it('wrangler.toml still marks the ids to fill in both deployed environments', () => {
    const toml = readFileSync('wrangler.toml', 'utf8');
    for (const environment of ['staging', 'production']) expect(placeholdersOf(toml, environment)).toContain(`database_id = "REPLACE_WITH_D1_ID_OF_ampora-${environment}"`);
  });
});
