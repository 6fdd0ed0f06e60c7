/**
 * The test clock (docs/account.md "The test clock"): where wrangler.toml's TEST_CLOCK is "on"
 * (development and tests, never production), a request may say what time it is, so end-to-end
 * tests can see a presale's release date pass or a subscription fall due.
 */

/** The header a development or test request sets to say what time it is. */
export const TEST_CLOCK_HEADER = 'X-Test-Now';

/** The time a request asks for, only where the test clock is on and never in production. */
export function testClock(request: Request, env: { TEST_CLOCK?: string; ENVIRONMENT: string }): Date | undefined {
  if (env.TEST_CLOCK !== 'on' || env.ENVIRONMENT === 'production') return undefined;
  const asked = request.headers.get(TEST_CLOCK_HEADER);
  if (!asked) return undefined;
  const at = new Date(asked);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
