import { describe, expect, it } from 'vitest';
import {
  MAX_PREVIEW_LIFETIME_SECONDS,
  previewPath,
  signPreviewToken,
  usablePreviewSecret,
  verifyPreviewToken,
} from '../../worker/domain/content/preview-token';

const SECRET = 'unit-test-preview-secret-0123456789abcdef';
const NOW = new Date('2026-11-01T12:00:00Z');
const SOON = NOW.getTime() / 1000 + 3600;

describe('preview tokens', () => {
  it('accept a token for its post and scheduled content until it expires', async () => {
    const token = await signPreviewToken(SECRET, { postId: 22, scheduledId: 2 }, SOON);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyPreviewToken(SECRET, { postId: 22, scheduledId: 2 }, token, NOW)).toBe(true);
    expect(await verifyPreviewToken(SECRET, { postId: 22, scheduledId: 2 }, token, new Date((SOON - 1) * 1000))).toBe(true);
  });

  it('refuse it from its expiry on', async () => {
    const token = await signPreviewToken(SECRET, { postId: 22 }, SOON);
    expect(await verifyPreviewToken(SECRET, { postId: 22 }, token, new Date(SOON * 1000))).toBe(false);
    expect(await verifyPreviewToken(SECRET, { postId: 22 }, token, new Date((SOON + 60) * 1000))).toBe(false);
  });

  it('refuse it for another post, another scheduled content, or the post body alone', async () => {
    const token = await signPreviewToken(SECRET, { postId: 22, scheduledId: 2 }, SOON);
    expect(await verifyPreviewToken(SECRET, { postId: 21, scheduledId: 2 }, token, NOW)).toBe(false);
    expect(await verifyPreviewToken(SECRET, { postId: 22, scheduledId: 3 }, token, NOW)).toBe(false);
    expect(await verifyPreviewToken(SECRET, { postId: 22 }, token, NOW)).toBe(false);
    // "22" + "" must not read as "2" + "2".
    const bodyOf2 = await signPreviewToken(SECRET, { postId: 2, scheduledId: 2 }, SOON);
    expect(await verifyPreviewToken(SECRET, { postId: 22 }, bodyOf2, NOW)).toBe(false);
  });

  it('refuse a forged signature, a moved expiry, another key, and anything malformed', async () => {
    const token = await signPreviewToken(SECRET, { postId: 22 }, SOON);
    const [expires, signature] = token.split('.') as [string, string];
    const flipped = `${expires}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [flipped, `${Number(expires) + 1}.${signature}`, '', 'abc', `${expires}.`, `${expires}.${signature}=`, `${expires}.${signature}x`, null, undefined]) {
      expect(await verifyPreviewToken(SECRET, { postId: 22 }, bad, NOW), String(bad)).toBe(false);
    }
    expect(await verifyPreviewToken(`${SECRET}-other`, { postId: 22 }, token, NOW)).toBe(false);
    expect(await verifyPreviewToken(undefined, { postId: 22 }, token, NOW)).toBe(false);
  });

  it(`refuse a link that lives more than ${MAX_PREVIEW_LIFETIME_SECONDS / 86_400} days`, async () => {
    const far = NOW.getTime() / 1000 + MAX_PREVIEW_LIFETIME_SECONDS + 1;
    expect(await verifyPreviewToken(SECRET, { postId: 22 }, await signPreviewToken(SECRET, { postId: 22 }, far), NOW)).toBe(false);
    const limit = NOW.getTime() / 1000 + MAX_PREVIEW_LIFETIME_SECONDS;
    expect(await verifyPreviewToken(SECRET, { postId: 22 }, await signPreviewToken(SECRET, { postId: 22 }, limit), NOW)).toBe(true);
  });

  it('build the preview address with its token', () => {
    expect(previewPath({ postId: 22, scheduledId: 2 }, '1.abc', '/en')).toBe('/en/cms-preview/22/2?token=1.abc');
    expect(previewPath({ postId: 7 }, '1.a-b_c')).toBe('/cms-preview/7?token=1.a-b_c');
  });
});

describe('usablePreviewSecret', () => {
  it('refuses a missing or short secret, and a development secret in production', () => {
    expect(usablePreviewSecret(undefined, 'development')).toBeUndefined();
    expect(usablePreviewSecret('short', 'development')).toBeUndefined();
    expect(usablePreviewSecret('dev-only-preview-secret-7d41c9e2a8f35b06', 'development')).toBe('dev-only-preview-secret-7d41c9e2a8f35b06');
    expect(usablePreviewSecret('dev-only-preview-secret-7d41c9e2a8f35b06', 'production')).toBeUndefined();
    expect(usablePreviewSecret(SECRET, 'production')).toBe(SECRET);
  });
});
