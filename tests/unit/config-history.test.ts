import { describe, expect, it } from 'vitest';
import { defaultChannel } from '../../worker/channel/config';
import { chooseVersion, diffChannels, formatChanges, HISTORY_LIMIT, historyKey, parseHistory, proposeChange, recordVersion, type HistoryEntry } from '../../worker/channel/config-history';

const base = defaultChannel('FR', 'development');
const entry = (at: string, document: string | null, by = 'ops@ampora.es: set'): HistoryEntry => ({ at, by, document });

describe('proposeChange and diffChannels', () => {
  it('lists each changed field of the merged channel with its before and after', () => {
    const result = proposeChange(base, null, JSON.stringify({ toastPosition: 'top', hosts: { production: 'www.ampora.fr', development: ['fr.localhost', 'boutique.localhost'] } }));
    expect(result.ok).toBe(true);
    expect(result.ok && result.changes).toEqual([
      { field: 'hosts.development', before: ['fr.localhost'], after: ['fr.localhost', 'boutique.localhost'] },
      { field: 'hosts.staging', before: 'staging.ampora.fr', after: undefined },
      { field: 'toastPosition', before: 'bottom', after: 'top' },
    ]);
  });

  it('compares with the document in force, and clearing it goes back to the defaults', () => {
    const current = JSON.stringify({ toastPosition: 'top' });
    expect(proposeChange(base, current, current)).toMatchObject({ ok: true, changes: [] });
    expect(proposeChange(base, current, null)).toMatchObject({ ok: true, changes: [{ field: 'toastPosition', before: 'top', after: 'bottom' }] });
    expect(formatChanges(diffChannels(base, { ...base, solidary: { amount: 50 } }))).toBe('solidary.amount: (unset) → 50');
    expect(formatChanges([])).toBe('no change to the merged channel');
  });

  it('refuses an invalid document with the schema issues, and a merged channel that does not hold together', () => {
    const typo = proposeChange(base, null, JSON.stringify({ toastPositon: 'top' }));
    expect(typo.ok).toBe(false);
    expect(!typo.ok && typo.error).toMatch(/toastPositon/);
    const wrong = proposeChange(base, null, JSON.stringify({ phonePrefix: '0033' }));
    expect(!wrong.ok && wrong.error).toMatch(/phonePrefix/);
    const inconsistent = proposeChange(base, null, JSON.stringify({ languages: ['en_EN'] }));
    expect(!inconsistent.ok && inconsistent.error).toMatch(/default language fr_FR/);
    expect(proposeChange(base, null, '{not json').ok).toBe(false);
  });
});

describe('history', () => {
  it('is kept newest first, at most HISTORY_LIMIT versions, under one key per channel', () => {
    let history: HistoryEntry[] = [];
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) history = recordVersion(history, entry(`2026-11-${String(i + 1).padStart(2, '0')}`, `{"solidary":{"amount":${i + 1}}}`), history[0]?.document ?? null);
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]!.document).toBe(`{"solidary":{"amount":${HISTORY_LIMIT + 5}}}`);
    expect(historyKey('IT')).toBe('config:channel:IT:history');
  });

  it('keeps the document that was in force before histories existed', () => {
    const history = recordVersion([], entry('2026-11-28T10:00:00.000Z', '{"toastPosition":"top"}'), '{"solidary":{"amount":100}}');
    expect(history.map((e) => e.document)).toEqual(['{"toastPosition":"top"}', '{"solidary":{"amount":100}}']);
    expect(history[1]!.at).toBe('before history');
  });

  it('reads a stored history back and treats a damaged one as empty', () => {
    const history = [entry('2026-11-28T10:00:00.000Z', null, 'ops@ampora.es: clear')];
    expect(parseHistory(JSON.stringify(history))).toEqual(history);
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('{oops')).toEqual([]);
    expect(parseHistory('[{"at":1}]')).toEqual([]);
  });

  it('chooses the version to roll back to by number or by time', () => {
    const history = [entry('t3', '{"toastPosition":"top"}'), entry('t2', null, 'ops: clear'), entry('t1', '{"solidary":{"amount":5}}')];
    expect(chooseVersion(history)).toEqual({ ok: true, entry: history[1] });
    expect(chooseVersion(history, '2')).toEqual({ ok: true, entry: history[2] });
    expect(chooseVersion(history, 't1')).toEqual({ ok: true, entry: history[2] });
    expect(chooseVersion(history, '3')).toMatchObject({ ok: false });
    expect(chooseVersion(history, '0')).toMatchObject({ ok: false });
    expect(chooseVersion(history, 't3')).toMatchObject({ ok: false, error: 'no earlier version written at t3' });
    expect(chooseVersion(history.slice(0, 1))).toMatchObject({ ok: false, error: 'no earlier version in the history' });
  });

  it('a rolled-back document is checked against today\'s schema', () => {
    // A version written when `theme` was a key: today's schema refuses it, so rollback writes nothing.
    const old = entry('t1', '{"theme":"dark"}');
    const chosen = chooseVersion([entry('t2', null), old]);
    expect(chosen.ok && proposeChange(base, null, chosen.entry.document).ok).toBe(false);
  });
});
