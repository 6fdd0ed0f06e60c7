import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_HEADER, testClock } from '../../../worker/http/test-clock';

const at = '2027-03-16T09:00:00.000Z';
const asking = (value?: string) => new Request('https://www.ampora.es/', { headers: value === undefined ? {} : { [TEST_CLOCK_HEADER]: value } });

describe('the test clock', () => {
  it.each([
    { case: 'on in development, with the header', env: { TEST_CLOCK: 'on', ENVIRONMENT: 'development' }, header: at, expected: at },
    { case: 'on, without the header', env: { TEST_CLOCK: 'on', ENVIRONMENT: 'development' }, header: undefined, expected: undefined },
    { case: 'on, with a date that is not one', env: { TEST_CLOCK: 'on', ENVIRONMENT: 'development' }, header: 'tomorrow', expected: undefined },
    { case: 'off (absent)', env: { ENVIRONMENT: 'development' }, header: at, expected: undefined },
    { case: 'on but in production', env: { TEST_CLOCK: 'on', ENVIRONMENT: 'production' }, header: at, expected: undefined },
  ])('$case', ({ env, header, expected }) => {
    expect(testClock(asking(header), env)?.toISOString()).toBe(expected);
  });
});
