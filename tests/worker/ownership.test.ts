/**
 * The cross-user test: for every owned resource registered in worker/identity/owned.ts, user A
 * creates an object and user B tries every registered route with its id. Each try must answer
 * 404 or 403, and A's objects must be exactly as before. A parameterised API route that is
 * neither registered as owned nor declared public fails the test.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../worker/api';
import { dbFor } from '../../worker/db/client';
import type { OrderEvent } from '../../worker/domain/orders/state-machine';
import { transitionOrder } from '../../worker/orders/transitions';
import { OWNED_RESOURCES, PUBLIC_PARAMETER_ROUTES, STAFF_API_PREFIX } from '../../worker/identity/owned';
import { signUp, TestBrowser } from './browser';

/** Fills the registry's placeholders: `:id`, `:lineId`, the names `before` calls saved, and ':articleId' in bodies. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/:(\w+)\b/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
/** The value at a dotted path (`orders.0.orderNumber`) of an answer's data. */
function at(data: unknown, path: string): string | number {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data) as string | number;
}
/** ':articleId' and the saved names as whole JSON strings of a body (`":orderNumber"` → the saved value). */
function fillBody(body: unknown, articleId: number, values: Record<string, string | number> = {}): unknown {
  if (body === undefined) return undefined;
  const named: Record<string, string | number> = { ...values, articleId };
  return JSON.parse(JSON.stringify(body).replace(/":(\w+)"/g, (whole, name: string) => (name in named ? JSON.stringify(named[name]) : whole)));
}

let articleId = 0;
beforeAll(async () => {
  // An article with stock on hand on the ES channel, sold by the store itself.
  articleId = (await env.DB.prepare("SELECT article_id FROM offers WHERE channel = 'ES' AND seller_id = 0 AND availability_code <= 3 AND stock > 5 ORDER BY article_id LIMIT 1").first<number>('article_id'))!;
});

describe('ownership of user objects', () => {
  it('has registered resources', () => {
    expect(OWNED_RESOURCES.map((r) => r.name)).toEqual(expect.arrayContaining(['shippingAddress', 'billingAddress']));
  });

  it('every API route with an id parameter is registered as owned or declared public', () => {
    const owned = new Set(OWNED_RESOURCES.flatMap((r) => r.routes.map((route) => `${route.method} ${route.path.split('?')[0]}`)));
    const parameterised = api.routes.filter((route) => route.path.includes('/:') && route.method !== 'ALL').map((route) => `${route.method} /api${route.path}`);
    expect(parameterised.length).toBeGreaterThan(0);
    const unaccounted = parameterised.filter((route) => !owned.has(route) && !PUBLIC_PARAMETER_ROUTES.has(route) && !route.split(' ')[1]!.startsWith(STAFF_API_PREFIX));
    expect(unaccounted).toEqual([]);
  });

  for (const resource of OWNED_RESOURCES) {
    it(`user B cannot read, change or delete user A's ${resource.name}`, async () => {
      const alice = new TestBrowser();
      const bob = new TestBrowser();
      await signUp(alice);
      await signUp(bob);
      const saved: Record<string, string | number> = { ...resource.create.values };
      for (const step of resource.create.before ?? []) {
        const answer = await alice.api(step.method, fill(step.path, saved), fillBody(step.body, articleId, saved));
        expect([200, 201], step.path).toContain(answer.status);
        for (const [name, path] of Object.entries(step.save ?? {})) saved[name] = at(answer.data, path);
      }
      if (resource.create.orderEvents) {
        const orderNumber = String(saved['orderNumber']);
        for (const event of resource.create.orderEvents) await transitionOrder(dbFor(env.DB), { orderNumber, event: event as OrderEvent, now: new Date(), actor: { kind: 'staff' } });
        saved['orderLineId'] = (await env.DB.prepare('SELECT id FROM order_lines WHERE order_number = ? ORDER BY id LIMIT 1').bind(orderNumber).first<number>('id'))!;
      }
      const created = await alice.api<Record<string, string | number>>('POST', fill(resource.create.path, saved), fillBody(resource.create.body, articleId, saved));
      expect([200, 201]).toContain(created.status);
      const idFrom = resource.create.idFrom;
      const id = idFrom ? at((await alice.api('GET', fill(idFrom.path, saved))).data, idFrom.field) : at(created.data, resource.create.idField ?? 'id');
      expect(id, 'the created object\'s id').toBeDefined();
      const values = { ...saved, id, lineId: 1 };
      for (const step of resource.create.prepare ?? []) {
        expect((await alice.api(step.method, fill(step.path, values), fillBody(step.body, articleId))).status, step.path).toBe(200);
      }
      const before = await alice.api('GET', fill(resource.list, values));
      for (const route of resource.routes) {
        const attempt = await bob.api(route.method, fill(route.path, values), fillBody(route.body, articleId, values));
        expect([403, 404], `${route.method} ${route.path}`).toContain(attempt.status);
        expect(attempt.data).toBeNull();
      }
      expect((await alice.api('GET', fill(resource.list, values))).data).toEqual(before.data);
      // The same routes work for the owner (the refusal above was about ownership, not the call).
      const deletesLast = resource.routes.filter((route) => route.ownerPass !== false).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      for (const route of deletesLast) {
        expect((await alice.api(route.method, fill(route.path, values), fillBody(route.body, articleId, values))).status, `${route.method} ${route.path}`).toBe(200);
      }
    });
  }
});
