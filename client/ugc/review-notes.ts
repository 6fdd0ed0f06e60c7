/**
 * Why a review is held or was rejected, in the author's words: moderation rule names
 * (worker/domain/ugc/moderation.ts HoldRule, and 'reported') become sentences; a staff reason is
 * shown as staff wrote it.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const NOTES: Record<string, MessageDescriptor> = {
  link: msg`It contains a link.`,
  contact: msg`It contains an e-mail address or a phone number.`,
  markup: msg`It contains code or HTML.`,
  shouting: msg`It is written mostly in capital letters.`,
  repetition: msg`It repeats the same character many times.`,
  'blocked-word': msg`It contains words that our team must check first.`,
  reported: msg`Other shoppers reported it.`,
};

export function reviewNoteText(note: string, i18n: I18n): string {
  const known = NOTES[note];
  return known ? i18n._(known) : note;
}
