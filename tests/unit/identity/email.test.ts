import { describe, expect, it } from 'vitest';
import { emailSender, EmailDeliveryError, httpEmailSender } from '../../../worker/email/provider';
import { sandboxEnabled } from '../../../worker/email/sandbox';

const message = { to: 'ana@example.com', subject: 'Hola', text: 'Texto', html: '<p>Texto</p>' };

describe('e-mail adapter (provider HTTP API)', () => {
  it('posts one JSON message to {apiUrl}/emails with the bearer key and an idempotency key', async () => {
    const seen: { method: string; url: string; headers: Headers; body: string }[] = [];
    const sender = httpEmailSender({
      apiUrl: 'https://api.resend.com/',
      apiKey: 're_test',
      from: 'Ampora <no-reply@ampora.es>',
      fetch: async (request) => {
        seen.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() });
        return Response.json({ id: 'msg_1' });
      },
    });
    expect(await sender.send(message)).toEqual({ id: 'msg_1' });
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('https://api.resend.com/emails');
    expect(request!.headers.get('Authorization')).toBe('Bearer re_test');
    expect(request!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(request!.body)).toEqual({ from: 'Ampora <no-reply@ampora.es>', to: ['ana@example.com'], subject: 'Hola', text: 'Texto', html: '<p>Texto</p>' });
  });

  it('fails loudly when the provider refuses the message', async () => {
    const sender = httpEmailSender({ apiUrl: 'https://x', apiKey: 'k', from: 'f', fetch: async () => Response.json({ statusCode: 422, name: 'validation_error' }, { status: 422 }) });
    await expect(sender.send(message)).rejects.toBeInstanceOf(EmailDeliveryError);
  });

  it('never uses the sandbox in production', () => {
    const production = { EMAIL_SANDBOX: 'on', ENVIRONMENT: 'production' } as Env;
    expect(sandboxEnabled(production)).toBe(false);
    expect(sandboxEnabled({ EMAIL_SANDBOX: 'on', ENVIRONMENT: 'development' } as Env)).toBe(true);
    expect(sandboxEnabled({ EMAIL_SANDBOX: '', ENVIRONMENT: 'development' } as Env)).toBe(false);
    expect(() => emailSender(production, {} as never)).toThrow(/not allowed in production/);
  });
});
