/**
 * The cross-user test: for every owned resource registered in worker/identity/owned.ts, user A
 * creates an object and user B tries every registered route with its id. Each try must answer
 * 404 or 403, and A's objects must be exactly as before. A parameterised API route that is
 * neither registered as owned nor declared public fails the test.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../worker/api';
import { OWNED_RESOURCES, PUBLIC_PARAMETER_ROUTES } from '../../worker/identity/owned';
import { signUp, TestBrowser } from './browser';

describe('ownership of user objects', () => {
  it('has registered resources', () => {
    expect(OWNED_RESOURCES.map((r) => r.name)).toEqual(expect.arrayContaining(['shippingAddress', 'billingAddress']));
  });

  it('every API route with an id parameter is registered as owned or declared public', () => {
    const owned = new Set(OWNED_RESOURCES.flatMap((r) => r.routes.map((route) => `${route.method} ${route.path}`)));
    const parameterised = api.routes.filter((route) => route.path.includes('/:') && route.method !== 'ALL').map((route) => `${route.method} /api${route.path}`);
    expect(parameterised.length).toBeGreaterThan(0);
    const unaccounted = parameterised.filter((route) => !owned.has(route) && !PUBLIC_PARAMETER_ROUTES.has(route));
    expect(unaccounted).toEqual([]);
  });

  for (const resource of OWNED_RESOURCES) {
    it(`user B cannot read, change or delete user A's ${resource.name}`, async () => {
      const alice = new TestBrowser();
      const bob = new TestBrowser();
      await signUp(alice);
      await signUp(bob);
      const created = await alice.api<{ id: number }>('POST', resource.create.path, resource.create.body);
      expect(created.status).toBe(201);
      const before = await alice.api('GET', resource.list);
      for (const route of resource.routes) {
        const path = route.path.replace(':id', String(created.data.id));
        const attempt = await bob.api(route.method, path, route.body);
        expect([403, 404], `${route.method} ${route.path}`).toContain(attempt.status);
        expect(attempt.data).toBeNull();
      }
      expect((await alice.api('GET', resource.list)).data).toEqual(before.data);
      // The same routes work for the owner (the refusal above was about ownership, not the call).
      const deletesLast = [...resource.routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      for (const route of deletesLast) {
        const path = route.path.replace(':id', String(created.data.id));
        expect((await alice.api(route.method, path, route.body)).status, `${route.method} ${route.path}`).toBe(200);
      }
    });
  }
});
