/**
 * The identity e-mails and the order confirmation, in the recipient's language: a subject, paragraphs, and an optional
 * button (link) or code, rendered as plain text and as simple HTML.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EmailMessage } from './provider';

interface Content {
  subject: string;
  /** Paragraphs; a line break inside one is kept (a list of lines, an address). */
  paragraphs: string[];
  action?: { label: string; url: string };
  code?: string;
  idempotencyKey?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function compose(to: string, i18n: I18n, content: Content): EmailMessage {
  const signature = i18n._(msg`The Ampora team`);
  const text = [
    ...content.paragraphs,
    ...(content.code ? [content.code] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    signature,
  ].join('\n\n');
  const html = [
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(content.code ? [`<p style="font-size:28px;letter-spacing:6px"><strong>${escapeHtml(content.code)}</strong></p>`] : []),
    ...(content.action ? [`<p><a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.label)}</a></p>`] : []),
    `<p>${escapeHtml(signature)}</p>`,
  ].join('');
  return { to, subject: content.subject, text, html: `<!doctype html><html><body>${html}</body></html>`, ...(content.idempotencyKey ? { idempotencyKey: content.idempotencyKey } : {}) };
}

/** The order confirmation (worker/orders/confirmation.ts writes its content in the order's language). */
export function orderConfirmationEmail(to: string, i18n: I18n, content: Content): EmailMessage {
  return compose(to, i18n, content);
}

/** A notice of the account area (return requests, order reassignment) whose content the caller writes in the recipient's language. */
export function accountNoticeEmail(to: string, i18n: I18n, content: Content): EmailMessage {
  return compose(to, i18n, content);
}

export function confirmAccountEmail(to: string, i18n: I18n, link: string, validHours: number): EmailMessage {
  return compose(to, i18n, {
    subject: i18n._(msg`Confirm your Ampora account`),
    paragraphs: [i18n._(msg`Welcome to Ampora! Confirm your e-mail address to activate your account.`), i18n._(msg`The link is valid for ${validHours} hours. If you did not sign up, ignore this message.`)],
    action: { label: i18n._(msg`Confirm my account`), url: link },
  });
}

export function alreadyRegisteredEmail(to: string, i18n: I18n, loginLink: string, recoveryLink: string): EmailMessage {
  return compose(to, i18n, {
    subject: i18n._(msg`You already have an Ampora account`),
    paragraphs: [
      i18n._(msg`Someone tried to sign up with this e-mail address, but it already has an account. If it was you, sign in: ${loginLink}`),
      i18n._(msg`If you forgot your password, you can set a new one. If it was not you, ignore this message: your account has not changed.`),
    ],
    action: { label: i18n._(msg`Set a new password`), url: recoveryLink },
  });
}

export function passwordResetEmail(to: string, i18n: I18n, link: string, validMinutes: number): EmailMessage {
  return compose(to, i18n, {
    subject: i18n._(msg`Set a new password for Ampora`),
    paragraphs: [i18n._(msg`We received a request to set a new password for your account.`), i18n._(msg`The link works once and is valid for ${validMinutes} minutes. If you did not ask for it, ignore this message.`)],
    action: { label: i18n._(msg`Set a new password`), url: link },
  });
}

export function twoFactorCodeEmail(to: string, i18n: I18n, code: string, validMinutes: number): EmailMessage {
  return compose(to, i18n, {
    subject: i18n._(msg`Your Ampora sign-in code: ${code}`),
    paragraphs: [i18n._(msg`Enter this code to finish signing in. It is valid for ${validMinutes} minutes.`)],
    code,
  });
}

export function passwordChangedEmail(to: string, i18n: I18n, recoveryLink: string): EmailMessage {
  return compose(to, i18n, {
    subject: i18n._(msg`Your Ampora password has changed`),
    paragraphs: [i18n._(msg`The password of your account has just changed and your other sessions have been closed.`), i18n._(msg`If it was not you, set a new password straight away.`)],
    action: { label: i18n._(msg`Set a new password`), url: recoveryLink },
  });
}

/** Our team answered an after-sales case (worker/after-sales/cases.ts): the reply's beginning and a link to the case. */
export function caseReplyEmail(to: string, i18n: I18n, input: { caseId: number; subject: string; excerpt: string; url: string; idempotencyKey: string }): EmailMessage {
  const { caseId, subject } = input;
  return compose(to, i18n, {
    subject: i18n._(msg`We have answered your case ${caseId}: ${subject}`),
    paragraphs: [i18n._(msg`Our after-sales team has replied to your case ${caseId} (${subject}):`), input.excerpt, i18n._(msg`You can read the whole conversation and answer on the case page.`)],
    action: { label: i18n._(msg`See the case`), url: input.url },
    idempotencyKey: input.idempotencyKey,
  });
}
