import { describe, expect, it } from 'vitest';
import { checkedAddressId, sortAddresses } from '../../../worker/domain/identity/address-defaults';
import { checkBirthday, parseDayMonthYear } from '../../../worker/domain/identity/birthday';
import { checkNick, NICK_ERROR_CODES } from '../../../worker/domain/identity/nick';

describe('nick rules (codes 5104001–5104004)', () => {
  it.each([
    ['ab', 'tooShort'],
    ['  ab  ', 'tooShort'],
    ['a'.repeat(21), 'tooLong'],
    ['hello world', 'specialCharacters'],
    ['nick!', 'specialCharacters'],
    ['<script>', 'specialCharacters'],
    ['Admin', 'notAvailable'],
    ['ÁMPORA', 'notAvailable'],
  ])('%j → %s', (nick, problem) => {
    expect(checkNick(nick)).toEqual({ ok: false, problem });
  });

  it.each([
    ['abc', 'abc'],
    ['José_Luis-77', 'jose_luis-77'],
    ['Ünal.K', 'unal.k'],
    ['a'.repeat(20), 'a'.repeat(20)],
  ])('%j is accepted with key %j', (nick, key) => {
    expect(checkNick(nick)).toMatchObject({ ok: true, key });
  });

  it('maps each problem to its spec code', () => {
    expect(NICK_ERROR_CODES).toEqual({ tooShort: 5104001, tooLong: 5104002, specialCharacters: 5104003, notAvailable: 5104004 });
  });
});

describe('dd/mm/yyyy dates', () => {
  it.each([
    ['24/05/1990', { year: 1990, month: 5, day: 24 }],
    ['4/5/1990', { year: 1990, month: 5, day: 4 }],
    ['29-02-2000', { year: 2000, month: 2, day: 29 }],
    ['01.12.1985', { year: 1985, month: 12, day: 1 }],
  ])('parses %s', (text, date) => {
    expect(parseDayMonthYear(text)).toEqual(date);
  });

  it.each(['1990-05-24', '31/02/1990', '29/02/1999', '00/01/1990', '12/13/1990', '24/05/90', '', 'soon'])('refuses %j', (text) => {
    expect(parseDayMonthYear(text)).toBeUndefined();
  });

  const today = new Date('2026-11-22T10:00:00Z');
  it.each([
    ['22/11/2012', { ok: true, iso: '2012-11-22' }],
    ['23/11/2012', { ok: false, problem: 'tooYoung' }],
    ['01/01/2030', { ok: false, problem: 'future' }],
    ['01/01/1900', { ok: false, problem: 'tooOld' }],
    ['31/04/1990', { ok: false, problem: 'format' }],
  ])('birthday %s on 22/11/2026 → %j', (text, result) => {
    expect(checkBirthday(text, today)).toEqual(result);
  });
});

describe('address default rules (spec §4)', () => {
  const list = [
    { id: 1, isDefault: false },
    { id: 2, isDefault: true },
    { id: 3, isDefault: false },
  ];
  it('checks the selected address first, then the default, else the last one', () => {
    expect(checkedAddressId(list, 3)).toBe(3);
    expect(checkedAddressId(list)).toBe(2);
    expect(checkedAddressId(list, 99)).toBe(2);
    expect(checkedAddressId(list.map((a) => ({ ...a, isDefault: false })))).toBe(3);
    expect(checkedAddressId([])).toBeUndefined();
  });

  it('sorts the checked address first and keeps the others in order', () => {
    expect(sortAddresses(list).map((a) => a.id)).toEqual([2, 1, 3]);
    expect(sortAddresses(list, 3).map((a) => a.id)).toEqual([3, 1, 2]);
    expect(sortAddresses(list.map((a) => ({ ...a, isDefault: false }))).map((a) => a.id)).toEqual([3, 1, 2]);
  });
});
