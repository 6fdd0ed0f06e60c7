/**
 * The e-mails of this area, each in its recipient's own language (the language of their
 * account): the holder's authorisation request, the requester's answer, and the reassignment
 * link to the account receiving an order.
 */
import { msg } from '@lingui/core/macro';
import { isNonHolderReason, NON_HOLDER_REASON_LABELS } from '../../client/account/non-holder-reasons';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { formatDate } from '../../client/i18n/format';
import type { Channel } from '../channel/channels';
import type { EmailMessage } from '../email/provider';
import { accountNoticeEmail } from '../email/templates';
import { i18nFor } from '../i18n/catalogs';

/** The recipient's language when the channel speaks it, else the channel's default. */
export function mailLanguage(userLanguage: string, channel: Pick<Channel, 'languages' | 'defaultLanguage'>): Language {
  return (LANGUAGES as readonly string[]).includes(userLanguage) && channel.languages.includes(userLanguage as Language) ? (userLanguage as Language) : channel.defaultLanguage;
}

export function holderRequestEmail(
  to: string,
  language: Language,
  input: { requesterEmail: string; invoice: string; articleName: string; qty: number; reason: string; link: string; expiresAt: number; timeZone: string },
): EmailMessage {
  const i18n = i18nFor(language);
  const { requesterEmail, invoice, articleName, qty } = input;
  const reason = isNonHolderReason(input.reason) ? i18n._(NON_HOLDER_REASON_LABELS[input.reason]) : input.reason;
  const until = formatDate(new Date(input.expiresAt), language, { dateStyle: 'long', timeZone: input.timeZone });
  return accountNoticeEmail(to, i18n, {
    subject: i18n._(msg`Someone asks to return an item of your invoice ${invoice}`),
    paragraphs: [
      i18n._(msg`${requesterEmail} has the goods of your invoice ${invoice} and asks to return ${qty} × ${articleName}.`),
      i18n._(msg`Reason: ${reason}`),
      i18n._(msg`The refund would be yours, to the payment method you choose. Nothing happens unless you authorise it: open the link signed in with your account to authorise or refuse. The link works until ${until}.`),
    ],
    action: { label: i18n._(msg`Answer the request`), url: input.link },
  });
}

export function requesterAnswerEmail(to: string, language: Language, input: { invoice: string; articleName: string; authorised: boolean; returnsLink: string }): EmailMessage {
  const i18n = i18nFor(language);
  const { invoice, articleName } = input;
  return accountNoticeEmail(to, i18n, {
    subject: input.authorised ? i18n._(msg`Your return request for invoice ${invoice} was authorised`) : i18n._(msg`Your return request for invoice ${invoice} was refused`),
    paragraphs: input.authorised
      ? [i18n._(msg`The invoice holder authorised the return of ${articleName}. The return is under way; the holder has its details and the refund goes to them.`)]
      : [i18n._(msg`The invoice holder refused the return of ${articleName}. Please talk to them if you think this is a mistake.`)],
    action: { label: i18n._(msg`See your requests`), url: input.returnsLink },
  });
}

export function reassignmentEmail(to: string, language: Language, input: { fromEmail: string; orderNumber: string; link: string; expiresAt: number; timeZone: string }): EmailMessage {
  const i18n = i18nFor(language);
  const { fromEmail, orderNumber } = input;
  const until = formatDate(new Date(input.expiresAt), language, { dateStyle: 'long', timeZone: input.timeZone });
  return accountNoticeEmail(to, i18n, {
    subject: i18n._(msg`An Ampora order is being moved to your account`),
    paragraphs: [
      i18n._(msg`${fromEmail} wants to move the order ${orderNumber} to your account: you would see it with its invoices, returns and after-sales cases.`),
      i18n._(msg`Open the link signed in with this e-mail address and confirm. It works once, until ${until}. If you do not expect this, ignore this message.`),
    ],
    action: { label: i18n._(msg`Receive the order`), url: input.link },
  });
}
