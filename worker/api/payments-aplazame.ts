/** The spec's own calls for aplazame (spec §7), on the gateway payment calls of worker/api/gateway-payments.ts. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';

export const aplazameApi = new Hono<AppEnv>();
