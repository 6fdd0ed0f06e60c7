import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../worker/http/context';
import { appError } from '../../../worker/http/errors';
import { answerForm, formTextFields, type FormPages } from '../../../worker/http/forms';

const pages: FormPages<{ id: number }> = { done: (result) => `/screen?done=${result.id}`, refused: (code) => `/screen?error=${code}` };

/** One call answered by `answerForm`, by form (`pages`) or by script, doing `work`. */
async function call(byForm: boolean, work: () => Promise<{ id: number }>, status?: 200 | 201) {
  const app = new Hono().post('/', (c) => answerForm(c as unknown as AppContext, byForm ? pages : null, work, status));
  app.onError((error, c) => c.text(`thrown: ${error.message}`, 599 as never));
  return app.request('/', { method: 'POST' });
}

describe('answerForm', () => {
  it('answers a script with the result as JSON, in the given status', async () => {
    const response = await call(false, async () => ({ id: 7 }), 201);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, data: { id: 7 }, err: null });
  });

  it('sends a form to the done page, built from the result', async () => {
    const response = await call(true, async () => ({ id: 7 }));
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/screen?done=7');
  });

  it("sends a refused form back with the refusal's code", async () => {
    const response = await call(true, async () => {
      throw appError('notFound');
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/screen?error=NOT_FOUND');
  });

  it("throws a script's refusal, and anything that is not a refusal, as usual", async () => {
    const refused = await call(false, async () => {
      throw appError('notFound');
    });
    expect(await refused.text()).toBe('thrown: NOT_FOUND');
    const broken = await call(true, async () => {
      throw new Error('disk on fire');
    });
    expect(await broken.text()).toBe('thrown: disk on fire');
  });
});

describe('formTextFields', () => {
  it("keeps a form's text fields and leaves its files out", () => {
    const form = new FormData();
    form.set('respond', 'page');
    form.set('code', '');
    form.set('file', new File(['x'], 'x.pdf'));
    expect(formTextFields(form)).toEqual({ respond: 'page', code: '' });
  });
});
