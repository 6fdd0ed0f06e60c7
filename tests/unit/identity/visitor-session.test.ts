import { describe, expect, it } from 'vitest';
import { LOCAL_VALIDITY_MS, validRecord } from '../../../client/visitor-session';

describe('visitor session kept in the browser (spec §4, §9)', () => {
  const now = 1_800_000_000_000;
  it('keeps a local record for one minute', () => {
    expect(LOCAL_VALIDITY_MS).toBe(60_000);
    const record = JSON.stringify({ visitorId: 'abc-12345', expiresAt: now + LOCAL_VALIDITY_MS });
    expect(validRecord(record, now + 59_999)).toEqual({ visitorId: 'abc-12345', expiresAt: now + LOCAL_VALIDITY_MS });
    expect(validRecord(record, now + LOCAL_VALIDITY_MS)).toBeUndefined();
  });

  it('treats missing or malformed records as absent', () => {
    expect(validRecord(null, now)).toBeUndefined();
    expect(validRecord('not json', now)).toBeUndefined();
    expect(validRecord(JSON.stringify({ visitorId: 1, expiresAt: now + 1 }), now)).toBeUndefined();
  });
});
