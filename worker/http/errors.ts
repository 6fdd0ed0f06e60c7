/**
 * The one error catalogue and the spec §7 envelope. Every failure the API reports is an
 * AppError carrying a catalogue entry; `app.onError` turns it into
 * `{ ok: false, data: null, err: { message: '{"type":…,"code":…,"message":…}' } }`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COMPARE_REFUSALS } from '../../client/catalogue/compare';

export type ErrorType = 'validation' | 'not_found' | 'forbidden' | 'unauthorized' | 'conflict' | 'rate_limited' | 'timeout' | 'domain' | 'internal';

export interface CatalogueEntry {
  type: ErrorType;
  /** The code the client sees: the spec's numeric codes where it has one, a stable name otherwise. */
  code: number | string;
  status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 421 | 422 | 429 | 500 | 503;
  message: MessageDescriptor;
}

export const ERRORS = {
  invalidRequest: { type: 'validation', code: 'INVALID_REQUEST', status: 400, message: msg`The request is not valid.` },
  invalidJson: { type: 'validation', code: 'INVALID_JSON', status: 400, message: msg`The request body is not valid JSON.` },
  payloadTooLarge: { type: 'validation', code: 'PAYLOAD_TOO_LARGE', status: 413, message: msg`The request body is too large.` },
  notFound: { type: 'not_found', code: 'NOT_FOUND', status: 404, message: msg`Nothing was found at this address.` },
  methodNotAllowed: { type: 'validation', code: 'METHOD_NOT_ALLOWED', status: 405, message: msg`This method is not allowed here.` },
  countryNotFound: { type: 'not_found', code: 'COUNTRY_NOT_FOUND', status: 404, message: msg`This country does not exist.` },
  domainNotAllowed: { type: 'domain', code: 'DOMAIN_NOT_ALLOWED', status: 421, message: msg`Domain not allowed` },
  unknownHost: { type: 'not_found', code: 'UNKNOWN_HOST', status: 404, message: msg`This address does not belong to any of our stores.` },
  unauthorized: { type: 'unauthorized', code: 'TOKEN_VERIFICATION', status: 401, message: msg`Please sign in to continue.` },
  crossOrigin: { type: 'forbidden', code: 'CROSS_ORIGIN_REQUEST', status: 403, message: msg`This request came from another website and was refused.` },
  tooManyAttempts: { type: 'rate_limited', code: 'TOO_MANY_ATTEMPTS', status: 429, message: msg`Too many attempts. Please wait a few minutes and try again.` },
  invalidCredentials: { type: 'unauthorized', code: 'INVALID_CREDENTIALS', status: 401, message: msg`The e-mail address or the password is not correct.` },
  emailNotConfirmed: { type: 'forbidden', code: 'EMAIL_NOT_CONFIRMED', status: 403, message: msg`Please confirm your e-mail address first: use the link we sent you when you signed up.` },
  twoFactorInvalidCode: { type: 'validation', code: 'TWO_FACTOR_INVALID_CODE', status: 400, message: msg`The code is not correct. Check the e-mail we sent you and try again.` },
  twoFactorInvalidToken: { type: 'unauthorized', code: 'TWO_FACTOR_INVALID_TEMPORAL_TOKEN', status: 401, message: msg`This sign-in request is no longer valid. Please sign in again.` },
  twoFactorTooManyAttempts: { type: 'rate_limited', code: 'TWO_FACTOR_TOO_MANY_ATTEMPTS', status: 429, message: msg`Too many wrong codes. Please sign in again to get a new one.` },
  invalidLink: { type: 'validation', code: 'INVALID_LINK', status: 400, message: msg`This link is no longer valid. Please ask for a new one.` },
  wrongPassword: { type: 'validation', code: 'WRONG_PASSWORD', status: 400, message: msg`The current password is not correct.` },
  passwordTooEasy: { type: 'validation', code: 'PASSWORD_TOO_EASY', status: 400, message: msg`This password is too easy to guess. Choose one that is not a common password and has nothing to do with your e-mail address.` },
  nickTooShort: { type: 'validation', code: 5104001, status: 400, message: msg`The nickname is too short: use at least 3 characters.` },
  nickTooLong: { type: 'validation', code: 5104002, status: 400, message: msg`The nickname is too long: use at most 20 characters.` },
  nickSpecialCharacters: { type: 'validation', code: 5104003, status: 400, message: msg`The nickname may only contain letters, digits, dots, hyphens and underscores.` },
  nickNotAvailable: { type: 'conflict', code: 5104004, status: 409, message: msg`This nickname is not available. Please choose another one.` },
  birthdayFormat: { type: 'validation', code: 'INVALID_DATE', status: 400, message: msg`Write the date as dd/mm/yyyy, for example 24/05/1990.` },
  birthdayFuture: { type: 'validation', code: 'DATE_IN_FUTURE', status: 400, message: msg`The date of birth cannot be in the future.` },
  birthdayTooYoung: { type: 'validation', code: 'TOO_YOUNG', status: 400, message: msg`You must be at least 14 years old to have an account.` },
  birthdayTooOld: { type: 'validation', code: 'DATE_TOO_OLD', status: 400, message: msg`Please check the year of birth.` },
  provincePostalMismatch: { type: 'validation', code: 1201, status: 422, message: msg`The postal code does not belong to the selected province.` },
  addressLimit: { type: 'conflict', code: 'ADDRESS_LIMIT', status: 409, message: msg`You have reached the maximum number of addresses. Delete one to add another.` },
  cartEmpty: { type: 'conflict', code: 1102, status: 409, message: msg`Your basket is empty.` },
  cartOutOfStock: { type: 'conflict', code: 1119, status: 409, message: msg`Some items in your basket are no longer available in the quantity you chose. We have updated your basket.` },
  cartArticleNotInCart: { type: 'not_found', code: 1121, status: 404, message: msg`This item is no longer in your basket.` },
  cartRefurbishedLimit: { type: 'conflict', code: 1124, status: 409, message: msg`You can buy at most 2 units of each refurbished product.` },
  cartNoStockArticle: { type: 'conflict', code: 1125, status: 409, message: msg`This item is out of stock and cannot be added to your basket.` },
  cartTooManyLines: { type: 'conflict', code: 1137, status: 409, message: msg`Your basket has reached the maximum of 30 different items.` },
  agencyNotAvailable: { type: 'conflict', code: 1117, status: 409, message: msg`This delivery service does not deliver to the chosen address. Please choose another one.` },
  paymentNotAvailable: { type: 'conflict', code: 1109, status: 409, message: msg`This payment method is not available for this order. Please choose another one.` },
  internationalWeight: { type: 'conflict', code: 1148, status: 409, message: msg`Some items are too heavy to be sent to this destination.` },
  canaryLimitation: { type: 'conflict', code: 1150, status: 409, message: msg`Some items cannot be sent to the Canary Islands, Ceuta or Melilla.` },
  dropshippingLimitation: { type: 'conflict', code: 1151, status: 409, message: msg`Some items shipped directly by their supplier cannot be sent to this address.` },
  customsAddressMatch: { type: 'conflict', code: 1152, status: 409, message: msg`For deliveries to the Canary Islands, Ceuta or Melilla, the billing address must be in the same territory.` },
  countryLimitation: { type: 'conflict', code: 1153, status: 409, message: msg`We cannot deliver this order to the chosen country from this store.` },
  noZonesInMarketplace: { type: 'conflict', code: 1170, status: 409, message: msg`Items sold by other sellers cannot be picked up in our shops or at collection points.` },
  giftCardUnknown: { type: 'not_found', code: 'GIFT_CARD_NOT_FOUND', status: 404, message: msg`This gift card code does not exist. Check the 16 characters on the card.` },
  giftCardExpired: { type: 'conflict', code: 'GIFT_CARD_EXPIRED', status: 409, message: msg`This gift card has expired.` },
  giftCardEmpty: { type: 'conflict', code: 'GIFT_CARD_EMPTY', status: 409, message: msg`This gift card has no balance left.` },
  couponUsedUp: { type: 'conflict', code: 'COUPON_USED_UP', status: 409, message: msg`A coupon in your order has just run out. Please review the order.` },
  insuranceNotForBusiness: { type: 'conflict', code: 1173, status: 409, message: msg`Extended insurance is not available for business customers.` },
  serviceNotAvailable: { type: 'conflict', code: 'SERVICE_NOT_AVAILABLE', status: 409, message: msg`This service is not available for this product.` },
  installationPriceNotFound: { type: 'not_found', code: 38001, status: 404, message: msg`We do not install at this postal code yet.` },
  installationServiceNotFound: { type: 'not_found', code: 38002, status: 404, message: msg`This installation service does not exist for this product.` },
  personalIdRequired: { type: 'conflict', code: 1177, status: 409, message: msg`For orders of 3,000 € or more we need an invoice address with your tax identification number.` },
  oemWithoutAssembly: { type: 'conflict', code: 1145, status: 409, message: msg`This OEM product is sold only with the assembly of a computer. Add the assembly service to your basket.` },
  articleCannotBeAlone: { type: 'conflict', code: 1146, status: 409, message: msg`This item cannot be bought on its own. Add the product it goes with to your basket.` },
  marketplaceOfferMatch: { type: 'conflict', code: 1147, status: 409, message: msg`There is a better offer for an item in your basket.` },
  blockedPostalCode: { type: 'conflict', code: 1149, status: 409, message: msg`We cannot deliver to this postal code. Please choose another address.` },
  digitalCodesLimit: { type: 'conflict', code: 1154, status: 409, message: msg`An order can include at most 5 digital codes of the same product.` },
  noAgencies: { type: 'conflict', code: 1156, status: 409, message: msg`No delivery service reaches this address. Please choose another one.` },
  noPaymentMethods: { type: 'conflict', code: 1157, status: 409, message: msg`No payment method is available for this order. Please change it or contact us.` },
  forceBilling: { type: 'conflict', code: 1158, status: 409, message: msg`Business customers need an invoice address. Please choose one.` },
  maxCashOnDelivery: { type: 'conflict', code: 1159, status: 409, message: msg`This order is above the maximum for cash on delivery. Please choose another payment method.` },
  changeBilling: { type: 'conflict', code: 1168, status: 409, message: msg`This store cannot invoice to the country of the chosen billing address. Please choose another one.` },
  incompleteShippingAddress: { type: 'conflict', code: 1135, status: 409, message: msg`The shipping address is incomplete. Please complete it.` },
  incompleteBillingAddress: { type: 'conflict', code: 1136, status: 409, message: msg`The billing address is incomplete. Please complete it.` },
  userNotFound: { type: 'not_found', code: 1301, status: 404, message: msg`We could not find your customer account. Please sign in again.` },
  orderModificationExpired: { type: 'conflict', code: 'ORDER_MODIFICATION_EXPIRED', status: 409, message: msg`The time to change this order has run out.` },
  balanceSpent: { type: 'conflict', code: 'BALANCE_SPENT', status: 409, message: msg`Your balance changed while you were paying. Please review the order.` },
  balanceNotEnough: { type: 'conflict', code: 'BALANCE_NOT_ENOUGH', status: 409, message: msg`Your balance does not cover this amount.` },
  postalCodeUnknown: { type: 'not_found', code: 'POSTAL_CODE_NOT_FOUND', status: 404, message: msg`We do not know this postal code. Please check it.` },
  shippingPointNotFound: { type: 'not_found', code: 'SHIPPING_POINT_NOT_FOUND', status: 404, message: msg`This collection point is no longer available. Please choose another one.` },
  shippingPointNotAllowed: { type: 'conflict', code: 'SHIPPING_POINT_NOT_ALLOWED', status: 409, message: msg`This order cannot be sent to a collection point. Please choose home delivery or a shop.` },
  shopNotAvailable: { type: 'conflict', code: 'SHOP_NOT_AVAILABLE', status: 409, message: msg`None of our shops serves this country, so the order cannot be picked up in a shop. Please choose home delivery or a collection point.` },
  deliveryDateNotAvailable: { type: 'conflict', code: 'DELIVERY_DATE_NOT_AVAILABLE', status: 409, message: msg`This delivery day or time is no longer available. Please choose another one.` },
  neutralNotAvailable: { type: 'conflict', code: 'NEUTRAL_DELIVERY_NOT_AVAILABLE', status: 409, message: msg`Neutral delivery is only available to business customers for items we ship ourselves.` },
  serviceUnavailable: { type: 'internal', code: 'SERVICE_UNAVAILABLE', status: 503, message: msg`The store is not available right now. Please try again in a few minutes.` },
  opsTokenInvalid: { type: 'unauthorized', code: 'OPS_TOKEN_INVALID', status: 401, message: msg`This operation needs a valid operations token.` },
  catalogueImportInvalid: { type: 'validation', code: 'CATALOGUE_IMPORT_INVALID', status: 400, message: msg`Some lines of the import are not valid, so nothing was imported.` },
  catalogueImportEmpty: { type: 'validation', code: 'CATALOGUE_IMPORT_EMPTY', status: 400, message: msg`The import has no lines.` },
  paymentNotificationInvalid: { type: 'unauthorized', code: 'PAYMENT_NOTIFICATION_INVALID', status: 401, message: msg`This payment notification is not signed with our key.` },
  paymentGatewayNotConfigured: { type: 'internal', code: 'PAYMENT_GATEWAY_NOT_CONFIGURED', status: 500, message: msg`This payment method is not available right now. Please try again later or choose another one.` },
  oneyTermsNotAccepted: { type: 'validation', code: 46001, status: 400, message: msg`Accept Oney's terms and conditions to pay in instalments.` },
  // Payments II, one block per provider (worker/payments/<provider>/):
  // -- paypal --
  // -- redsys --
  // -- aplazame --
  aplazameNotReady: { type: 'conflict', code: 695102, status: 409, message: msg`Aplazame could not open your instalment application just now. Please try again in a moment.` },
  // -- sibs --
  // -- oney --
  // -- financing --
  // -- inespay --
  payLinkNotFound: { type: 'not_found', code: 1402, status: 404, message: msg`This payment link does not exist. Check that you copied it whole.` },
  payLinkOrderPaid: { type: 'conflict', code: 1421, status: 409, message: msg`This order has already been paid. There is nothing left to pay.` },
  payLinkOrderClosed: { type: 'conflict', code: 1422, status: 409, message: msg`This order was cancelled or its payment period has ended, so it can no longer be paid.` },
  payLinkExpired: { type: 'conflict', code: 1429, status: 409, message: msg`This payment link has expired. Ask for a new one from your order in your account.` },
  storedCardInSubscription: { type: 'conflict', code: 'CARD_IN_SUBSCRIPTION', status: 409, message: msg`This card pays an active subscription. Change the subscription's card before removing it.` },
  paymentDetailsMismatch: { type: 'validation', code: 'PAYMENT_DETAILS_MISMATCH', status: 400, message: msg`This bank verification belongs to another payment. Start the payment again from your order or your cards.` },
  paymentInProgress: { type: 'conflict', code: 31008, status: 409, message: msg`A payment for this order is already in progress. Wait a moment, then check the order before paying again.` },
  cardDataNotAccepted: { type: 'validation', code: 'CARD_DATA_NOT_ACCEPTED', status: 400, message: msg`For your security we do not accept card numbers typed into this form. Please enter your card in the secure card fields.` },
  articleNotFound: { type: 'not_found', code: 'ARTICLE_NOT_FOUND', status: 404, message: msg`This product is not sold in this store.` },
  // After the purchase (docs/after-sales.md).
  orderNotFound: { type: 'not_found', code: 'ORDER_NOT_FOUND', status: 404, message: msg`This order does not exist.` },
  orderNotInEdition: { type: 'conflict', code: 'ORDER_NOT_IN_EDITION', status: 409, message: msg`This order is not being changed. Start the change again from your orders.` },
  orderNotCancellable: { type: 'conflict', code: 'ORDER_NOT_CANCELLABLE', status: 409, message: msg`This order can no longer be cancelled: it has already left our warehouse. You can return it once you receive it.` },
  orderNotChangeable: { type: 'conflict', code: 'ORDER_NOT_CHANGEABLE', status: 409, message: msg`This order can no longer be changed: it is already being prepared or has been paid in a way that cannot be changed.` },
  orderTransitionNotAllowed: { type: 'conflict', code: 'ORDER_TRANSITION_NOT_ALLOWED', status: 409, message: msg`This order cannot move to that state from the one it is in.` },
  invoiceNotFound: { type: 'not_found', code: 5101, status: 404, message: msg`We could not find this invoice.` },
  articleNotInInvoice: { type: 'not_found', code: 1818, status: 404, message: msg`This item is not on this invoice.` },
  articleNotInChannel: { type: 'not_found', code: 1819, status: 404, message: msg`This item was not bought in this store.` },
  returnPeriodExpired: { type: 'conflict', code: 12038, status: 409, message: msg`The 30-day return period for this order has ended.` },
  returnQtyExceeded: { type: 'conflict', code: 23052, status: 409, message: msg`You cannot return more units than you received and have not returned yet.` },
  returnNotAllowed: { type: 'conflict', code: 'RETURN_NOT_ALLOWED', status: 409, message: msg`This order cannot be returned yet: it has not been delivered.` },
  returnTransitionNotAllowed: { type: 'conflict', code: 'RETURN_TRANSITION_NOT_ALLOWED', status: 409, message: msg`This return cannot move to that state from the one it is in.` },
  refundExceedsPaid: { type: 'conflict', code: 'REFUND_EXCEEDS_PAID', status: 409, message: msg`This refund is more than what is left to refund on the order.` },
  nominativeNeedsTaxId: { type: 'conflict', code: 'NOMINATIVE_NEEDS_TAX_ID', status: 409, message: msg`A nominative invoice needs a billing address with a tax identification number.` },
  documentNotConvertible: { type: 'conflict', code: 'DOCUMENT_NOT_CONVERTIBLE', status: 409, message: msg`Only a simplified invoice that has not been replaced yet can become a nominative invoice.` },
  giftCodeNotFound: { type: 'not_found', code: 'GIFT_CODE_NOT_FOUND', status: 404, message: msg`We could not find a gift with this order number and gift code.` },
  authorizationAnswered: { type: 'conflict', code: 'AUTHORIZATION_ANSWERED', status: 409, message: msg`This return request has already been answered.` },
  authorizationPending: { type: 'conflict', code: 'AUTHORIZATION_PENDING', status: 409, message: msg`You have already asked the invoice holder about this item. Wait for their answer before asking again.` },
  ownInvoice: { type: 'conflict', code: 'OWN_INVOICE', status: 409, message: msg`This invoice is yours: return the item from your returns instead.` },
  reassignToSelf: { type: 'conflict', code: 'REASSIGN_TO_SELF', status: 409, message: msg`This order is already in this account. Enter the e-mail address of the other account.` },
  caseClosed: { type: 'conflict', code: 'CASE_CLOSED', status: 409, message: msg`This case is closed. Open a new one if you need more help.` },
  caseNotAllowed: { type: 'conflict', code: 'CASE_NOT_ALLOWED', status: 409, message: msg`You can open a case once the order has been delivered or collected.` },
  caseTransitionNotAllowed: { type: 'conflict', code: 'CASE_TRANSITION_NOT_ALLOWED', status: 409, message: msg`This case cannot move to that state from the one it is in.` },
  attachmentTooLarge: { type: 'validation', code: 'ATTACHMENT_TOO_LARGE', status: 413, message: msg`Attach at most 5 files of up to 5 MB each.` },
  attachmentType: { type: 'validation', code: 'ATTACHMENT_TYPE', status: 400, message: msg`Attach photos (JPEG, PNG or WebP) or PDF files.` },
  // User content (worker/ugc): shared by reviews, questions, answers and media.
  nickRequired: { type: 'conflict', code: 'NICK_REQUIRED', status: 409, message: msg`Choose a nickname first: it is shown with everything you publish.` },
  ugcTextTooShort: { type: 'validation', code: 'UGC_TEXT_TOO_SHORT', status: 400, message: msg`This text is too short. Please tell us a little more.` },
  ugcTextTooLong: { type: 'validation', code: 'UGC_TEXT_TOO_LONG', status: 400, message: msg`This text is too long. Please shorten it.` },
  ugcTooManyPosts: { type: 'rate_limited', code: 'UGC_TOO_MANY_POSTS', status: 429, message: msg`You have published a lot in a short time. Please wait a while before publishing again.` },
  // User content: reviews (write).
  reviewExists: { type: 'conflict', code: 'REVIEW_EXISTS', status: 409, message: msg`You have already reviewed this product. You can edit your review from your account.` },
  // User content: reviews (read, votes).
  ownReviewVote: { type: 'validation', code: 'OWN_REVIEW_VOTE', status: 400, message: msg`You cannot vote on your own review.` },
  // User content: questions and answers.
  answerExists: { type: 'conflict', code: 'ANSWER_EXISTS', status: 409, message: msg`You have already answered this question. You can edit your answer instead.` },
  answerOwnVote: { type: 'validation', code: 'ANSWER_OWN_VOTE', status: 400, message: msg`You cannot vote for your own answer.` },
  bestAnswerOwn: { type: 'validation', code: 'BEST_ANSWER_OWN', status: 400, message: msg`You cannot choose your own answer as the best one.` },
  // User content: answers game and ranking.
  gameQuestionNotOffered: { type: 'not_found', code: 'GAME_QUESTION_NOT_OFFERED', status: 404, message: msg`This question is no longer open to you in the game.` },
  // User content: media.
  ugcMediaType: { type: 'validation', code: 'UGC_MEDIA_TYPE', status: 400, message: msg`Upload photos (JPEG, PNG or WebP) or videos (MP4 or WebM).` },
  ugcMediaTruncated: { type: 'validation', code: 'UGC_MEDIA_TRUNCATED', status: 400, message: msg`This file is incomplete or damaged. Please try another one.` },
  ugcMediaDimensions: { type: 'validation', code: 'UGC_MEDIA_DIMENSIONS', status: 400, message: msg`Photos must be at least 100 pixels wide and high, and at most 40 megapixels.` },
  ugcMediaTooLarge: { type: 'validation', code: 'UGC_MEDIA_TOO_LARGE', status: 413, message: msg`Photos may be up to 8 MB and videos up to 30 MB.` },
  ugcMediaTooManyUnattached: { type: 'conflict', code: 'UGC_MEDIA_TOO_MANY_UNATTACHED', status: 409, message: msg`You have 20 uploads not attached to any review or answer. Attach or delete some before uploading more.` },
  ugcMediaPerItem: { type: 'validation', code: 'UGC_MEDIA_PER_ITEM', status: 400, message: msg`A review or an answer can have at most 6 photos or videos.` },
  // User content: moderation, reports and campaigns.
  ugcAlreadyReported: { type: 'conflict', code: 'ALREADY_REPORTED', status: 409, message: msg`You have already reported this. Thank you: our team will review it.` },
  ugcReportOwn: { type: 'validation', code: 'UGC_REPORT_OWN', status: 400, message: msg`You cannot report something you published yourself.` },
  campaignNotEnded: { type: 'conflict', code: 'CAMPAIGN_NOT_ENDED', status: 409, message: msg`The campaign is still running: the draw can only take place after it ends.` },
  staffOnly: { type: 'forbidden', code: 'STAFF_ONLY', status: 403, message: msg`This page is for store staff only.` },
  // Account: digital codes.
  digitalCodeNotReleased: { type: 'conflict', code: 'DIGITAL_CODE_NOT_RELEASED', status: 409, message: msg`This game or program is not out yet: you can see its key from the release date.` },
  digitalCodeVoided: { type: 'conflict', code: 'DIGITAL_CODE_VOIDED', status: 409, message: msg`This key was cancelled with its order and can no longer be seen.` },
  // Account: coupons.
  couponNotFound: { type: 'not_found', code: 'COUPON_NOT_FOUND', status: 404, message: msg`This coupon code does not exist. Check it and try again.` },
  couponAlreadyAdded: { type: 'conflict', code: 'COUPON_ALREADY_ADDED', status: 409, message: msg`This coupon is already in your account.` },
  couponOtherChannel: { type: 'conflict', code: 'COUPON_OTHER_STORE', status: 409, message: msg`This coupon is for another country’s store and cannot be used here.` },
  couponEnded: { type: 'conflict', code: 'COUPON_ENDED', status: 409, message: msg`This coupon has expired.` },
  couponRunOut: { type: 'conflict', code: 'COUPON_RUN_OUT', status: 409, message: msg`This coupon has run out: it has been used as many times as it allows.` },
  couponAlreadyUsed: { type: 'conflict', code: 'COUPON_ALREADY_USED', status: 409, message: msg`You have already used this coupon as many times as it allows.` },
  couponLimit: { type: 'conflict', code: 'COUPON_LIMIT', status: 409, message: msg`Your account already holds 100 coupons, the most it can keep.` },
  // Account: subscriptions.
  subscriptionNotCancelable: { type: 'conflict', code: 'SUBSCRIPTION_NOT_CANCELABLE', status: 409, message: msg`This subscription has already ended or been cancelled.` },
  subscriptionFinished: { type: 'conflict', code: 'SUBSCRIPTION_FINISHED', status: 409, message: msg`This subscription has ended: its card can no longer be changed.` },
  subscriptionCardUnknown: { type: 'validation', code: 'SUBSCRIPTION_CARD_UNKNOWN', status: 400, message: msg`This card is not one of your saved cards. Choose one of them or add it first.` },
  subscriptionCardExpired: { type: 'validation', code: 'SUBSCRIPTION_CARD_EXPIRED', status: 400, message: msg`This card has expired. Choose another one.` },
  // Account: insurance policies.
  insuranceNotRenewable: { type: 'conflict', code: 'INSURANCE_NOT_RENEWABLE', status: 409, message: msg`This policy cannot be renewed now: a policy can be renewed once, from 60 days before it ends until 30 days after.` },
  insuranceNotEligible: { type: 'conflict', code: 'INSURANCE_NOT_ELIGIBLE', status: 409, message: msg`This product cannot have this insurance: it must be sold by Ampora, have no policy yet and have been paid less than 30 days ago.` },
  insurancePurchaseNotFound: { type: 'not_found', code: 'INSURANCE_PURCHASE_NOT_FOUND', status: 404, message: msg`We cannot find this product in your orders.` },
  // Account: tax-exemption certificates.
  certificateFieldMissing: { type: 'validation', code: 'CERTIFICATE_FIELD_MISSING', status: 400, message: msg`A certificate needs a billing address, a tax ID and a file.` },
  certificateTaxIdInvalid: { type: 'validation', code: 'CERTIFICATE_TAX_ID_INVALID', status: 400, message: msg`This tax ID is not valid for the country and customer type of the billing address.` },
  certificateTaxIdMismatch: { type: 'validation', code: 'CERTIFICATE_TAX_ID_MISMATCH', status: 400, message: msg`The tax ID must be the one of the chosen billing address.` },
  certificateNeedsBusiness: { type: 'conflict', code: 'CERTIFICATE_NEEDS_BUSINESS', status: 409, message: msg`Certificates are for business customers: choose the billing address of a company or a self-employed person.` },
  certificateFileType: { type: 'validation', code: 'CERTIFICATE_FILE_TYPE', status: 400, message: msg`Upload the certificate as a PDF, JPEG or PNG file.` },
  certificateFileTooLarge: { type: 'validation', code: 'CERTIFICATE_FILE_TOO_LARGE', status: 413, message: msg`The certificate file may be up to 5 MB.` },
  certificateStateConflict: { type: 'conflict', code: 'CERTIFICATE_STATE', status: 409, message: msg`This certificate cannot change from the state it is in.` },
  // Account: inbox.
  // Account: wishlists and baskets.
  basketListLimit: { type: 'conflict', code: 'BASKET_LIST_LIMIT', status: 409, message: msg`You have reached the maximum of 50 lists. Delete one to create another.` },
  basketArticleLimit: { type: 'conflict', code: 'BASKET_ARTICLE_LIMIT', status: 409, message: msg`This list is full: it can hold at most 200 products. Remove some or use another list.` },
  basketArticleNotInList: { type: 'not_found', code: 'BASKET_ARTICLE_NOT_IN_LIST', status: 404, message: msg`This product is no longer in the list.` },
  basketCopySameList: { type: 'validation', code: 'BASKET_COPY_SAME_LIST', status: 400, message: msg`Choose another list to copy into: a list cannot be copied into itself.` },
  // Account: saved configurations.
  configurationLimit: { type: 'conflict', code: 'CONFIGURATION_LIMIT', status: 409, message: msg`You have saved as many configurations as you can (50). Delete one to save another.` },
  configurationUnknownArticle: { type: 'validation', code: 'CONFIGURATION_UNKNOWN_ARTICLE', status: 400, message: msg`A component of this configuration is not in our catalogue.` },
  // The configurator.
  configurationIncompatible: { type: 'conflict', code: 'CONFIGURATION_INCOMPATIBLE', status: 409, message: msg`Some parts of this build do not fit together. Change the ones marked before adding it to the basket.` },
  // Gift cards: purchase.
  giftCardNotOnSale: { type: 'not_found', code: 'GIFT_CARD_NOT_ON_SALE', status: 404, message: msg`Gift cards of this amount are not sold on this store.` },
  giftCardForGiftCards: { type: 'conflict', code: 'GIFT_CARD_FOR_GIFT_CARDS', status: 409, message: msg`A gift card cannot pay for other gift cards. Remove the gift card code, or buy the gift cards in a separate order.` },
  // The product comparator (messages shared with its page and tray: client/catalogue/compare.ts).
  compareTooFew: { type: 'validation', code: 'COMPARE_TOO_FEW', status: 400, message: COMPARE_REFUSALS.tooFew },
  compareTooMany: { type: 'validation', code: 'COMPARE_TOO_MANY', status: 400, message: COMPARE_REFUSALS.tooMany },
  compareMixedCategories: { type: 'validation', code: 'COMPARE_MIXED_CATEGORIES', status: 422, message: COMPARE_REFUSALS.mixedCategories },
  compareUnknownArticle: { type: 'not_found', code: 'COMPARE_UNKNOWN_ARTICLE', status: 404, message: COMPARE_REFUSALS.unknownArticle },
  timeout: { type: 'timeout', code: 'TIMEOUT', status: 408, message: msg`The request took too long. Please try again.` },
  internal: { type: 'internal', code: 'INTERNAL_ERROR', status: 500, message: msg`Something went wrong on our side. Please try again.` },
  unknown: { type: 'internal', code: 'UNKNOWN', status: 500, message: msg`Unknown error` },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof ERRORS;

const BY_NUMERIC_CODE = new Map<number | string, CatalogueEntry>(Object.values(ERRORS).map((entry) => [entry.code, entry]));

/** The entry of a spec §8 code (a critical error of the cart or the quote), or the generic 'Unknown error'. */
export function entryForCode(code: number): CatalogueEntry {
  return BY_NUMERIC_CODE.get(code) ?? ERRORS.unknown;
}

/** A known failure: carries its catalogue entry and optional details for the client (field issues…). */
export class AppError extends Error {
  constructor(
    readonly entry: CatalogueEntry,
    readonly details?: unknown,
  ) {
    super(String(entry.code));
    this.name = 'AppError';
  }
}

export function appError(name: ErrorName, details?: unknown): AppError {
  return new AppError(ERRORS[name], details);
}

/** The JSON inside `err.message` (spec §7). */
export interface ErrorPayload {
  type: ErrorType;
  code: number | string;
  message: string;
  details?: unknown;
}

export interface Envelope<T> {
  ok: boolean;
  data: T | null;
  err: { message: string } | null;
}

/** Typed as a success (`ok: true`) so the typed client of the islands reads `data` as `T`. */
export function okEnvelope<T>(data: T): Envelope<T> & { ok: true; data: T; err: null } {
  return { ok: true, data, err: null };
}

export function errorEnvelope(payload: ErrorPayload): Envelope<never> {
  return { ok: false, data: null, err: { message: JSON.stringify(payload) } };
}
