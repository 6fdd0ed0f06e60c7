/**
 * The summary e-mailed after copying a list (POST /api/basket/{id}/from/{sourceId} with
 * sendEmail): what was copied into which list, and a link to it, in the request's language.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { accountNoticeEmail } from '../email/templates';
import type { EmailMessage } from '../email/provider';
import type { CopyResult } from './store';

export function copySummaryEmail(to: string, i18n: I18n, input: { sourceName: string; targetName: string; url: string; result: CopyResult }): EmailMessage {
  const { sourceName, targetName } = input;
  const { added, merged } = input.result;
  const skipped = input.result.skipped.length;
  const paragraphs = [
    i18n._(msg`You copied “${sourceName}” into your list “${targetName}”.`),
    i18n._(msg`New products in the list: ${added}.`),
  ];
  if (merged > 0) paragraphs.push(i18n._(msg`Products that were already there, with the units added up: ${merged}.`));
  if (skipped > 0) paragraphs.push(i18n._(msg`Products left out because a list holds at most 200: ${skipped}.`));
  return accountNoticeEmail(to, i18n, {
    subject: i18n._(msg`Your list “${targetName}” has been updated`),
    paragraphs,
    action: { label: i18n._(msg`See the list`), url: input.url },
  });
}
