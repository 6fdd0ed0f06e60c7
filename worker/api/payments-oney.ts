/** The spec's own calls for oney (spec §7), on the gateway payment calls of worker/api/gateway-payments.ts. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';

export const oneyApi = new Hono<AppEnv>();
