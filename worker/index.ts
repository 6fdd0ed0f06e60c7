/** The Worker: the store app and its Durable Object classes. */
import { createApp } from './app';

export { CartDO } from './cart/cart-do';
export { RateLimiterDO } from './identity/rate-limit';

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
