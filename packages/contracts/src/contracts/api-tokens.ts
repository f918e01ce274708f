import { z } from 'zod';
import { ZId, zNonBlank } from './common';
import { defineRoute } from '../api/define-route';

/** A personal access token as listed in Settings: the secret itself is only in the create response. */
/**
 * What a token may do: `read` (GET), `write` (every other method) and `admin` (the operator routes, /api/admin; only
 * an operator can give it). A session has them all.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES);
export type TApiTokenScope = z.infer<typeof ZApiTokenScope>;

export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  scopes: z.array(ZApiTokenScope),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** GET /api/settings/tokens: newest first. */
export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) });
export type TApiTokenList = z.infer<typeof ZApiTokenList>;

/** POST /api/settings/tokens */
export const ZCreateApiToken = z.object({
  name: zNonBlank('Token name is required').max(100, { message: 'Token name is too long' }),
  /** Read and write when left out. */
  scopes: z.array(ZApiTokenScope).min(1, { message: 'Choose at least one scope' }).max(3).optional(),
});
export type TCreateApiToken = z.infer<typeof ZCreateApiToken>;

/** 201 from POST /api/settings/tokens: `secret` is shown once, then only its hash is kept. */
export const ZCreatedApiToken = z.object({ token: ZApiToken, secret: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

export const ZApiTokenParams = z.object({ id: ZId });
export type TApiTokenParams = z.infer<typeof ZApiTokenParams>;

/** A shopper keeps at most this many tokens. */
export const MAX_API_TOKENS = 20;

/** Personal access token endpoints (Settings). */
export const apiTokensApi = {
  list: defineRoute({ method: 'GET', path: '/api/settings/tokens', responses: { 200: ZApiTokenList } }),
  create: defineRoute({ method: 'POST', path: '/api/settings/tokens', body: ZCreateApiToken, responses: { 201: ZCreatedApiToken } }),
  revoke: defineRoute({ method: 'DELETE', path: '/api/settings/tokens/:id', params: ZApiTokenParams, responses: { 204: null } }),
};
