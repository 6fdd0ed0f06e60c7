/** Placeholder: filled in by its area. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';

export const digitalCodesApi = new Hono<AppEnv>();
