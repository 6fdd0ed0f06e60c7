/**
 * Every message is translated in every language (a production build shows a missing
 * translation as its id), and each translation keeps its source's placeholders and tags. There
 * are two catalogs per language (lingui.config.ts): `messages` for client/ (shipped to browsers)
 * and `server` for worker/; a message used on both sides is in both, translated the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../client/i18n/languages';

interface Entry {
  msgid: string;
  msgstr: string;
}

function unquote(lines: string[]): string {
  return lines.map((line) => JSON.parse(line.replace(/^(msgid|msgstr)\s+/, '')) as string).join('');
}

function parsePo(text: string): Entry[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => !line.startsWith('#') && line.trim() !== ''))
    .filter((lines) => lines.some((line) => line.startsWith('msgid')))
    .map((lines) => {
      const strAt = lines.findIndex((line) => line.startsWith('msgstr'));
      return { msgid: unquote(lines.slice(0, strAt)), msgstr: unquote(lines.slice(strAt)) };
    })
    .filter((entry) => entry.msgid !== '');
}

/** `{name}`, `{0}`, `<0>`, `</0>`: what must survive translation (plural branches aside). */
function placeholders(message: string): string[] {
  const simple = [...message.matchAll(/\{(\w+)\}|<\/?\d+>/g)].map((m) => m[0]);
  const plural = [...message.matchAll(/\{(\w+), plural,/g)].map((m) => `{${m[1]}, plural}`);
  return [...simple, ...plural].sort();
}

const CATALOGS = ['messages', 'server'] as const;
const read = (language: string, catalog: string) => parsePo(readFileSync(`locales/${language}/${catalog}.po`, 'utf8'));

describe('message catalogs', () => {
  for (const catalog of CATALOGS) {
    const source = read('en_EN', catalog);
    it(`${catalog}: has source messages`, () => {
      expect(source.length).toBeGreaterThan(100);
    });

    for (const language of LANGUAGES.filter((l) => l !== 'en_EN')) {
      it(`${catalog}, ${language}: every message translated, placeholders kept`, () => {
        const entries = new Map(read(language, catalog).map((e) => [e.msgid, e.msgstr]));
        const missing = source.filter((e) => !entries.get(e.msgid)).map((e) => e.msgid);
        expect(missing).toEqual([]);
        const broken = source.filter((e) => !e.msgid.includes('plural,') && JSON.stringify(placeholders(e.msgid)) !== JSON.stringify(placeholders(entries.get(e.msgid) ?? ''))).map((e) => e.msgid);
        expect(broken).toEqual([]);
      });
    }
  }

  for (const language of LANGUAGES) {
    it(`${language}: a message in both catalogs reads the same in both`, () => {
      const server = new Map(read(language, 'server').map((e) => [e.msgid, e.msgstr]));
      const differing = read(language, 'messages').filter((e) => server.has(e.msgid) && server.get(e.msgid) !== e.msgstr).map((e) => e.msgid);
      expect(differing).toEqual([]);
    });
  }
});
