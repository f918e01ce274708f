import { z } from 'zod';
import { ZId, zNonBlank } from './common';
import { defineRoute } from '../api/define-route';

/** How long an invite code can be used to join. */
export const HOUSEHOLD_INVITE_DAYS = 7;
/** The page an invite link opens (with `?code=`); sign-up returns a newcomer to it. */
export const HOUSEHOLD_INVITE_PATH = '/u/settings/household';
/** The most joins one invite code may allow (a code is single-use unless its maker asks for more). */
export const HOUSEHOLD_INVITE_MAX_USES = 20;
/**
 * Join attempts (right or wrong codes) allowed per shopper and per address in a window: with 32^8 possible codes,
 * guessing one is out of reach.
 */
export const HOUSEHOLD_JOIN_LIMITS = {
  windowSeconds: 15 * 60,
  perUser: 10,
  perAddress: 30,
} as const;

export const ZHouseholdRole = z.enum(['owner', 'member']);
export type THouseholdRole = z.infer<typeof ZHouseholdRole>;

export const ZHouseholdMember = z.object({
  userId: z.string(),
  name: z.string(),
  role: ZHouseholdRole,
  joinedAt: z.string(),
});
export type THouseholdMember = z.infer<typeof ZHouseholdMember>;

/** GET /api/households/:id (and the answer to create and join). */
export const ZHousehold = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  /** The asking shopper's role in it. */
  role: ZHouseholdRole,
  members: z.array(ZHouseholdMember),
  createdAt: z.string(),
});
export type THousehold = z.infer<typeof ZHousehold>;

/** GET /api/households: the households the shopper belongs to. */
export const ZHouseholdList = z.object({ items: z.array(ZHousehold) });
export type THouseholdList = z.infer<typeof ZHouseholdList>;

/** POST /api/households */
export const ZCreateHousehold = z.object({
  name: zNonBlank('Household name is required').max(80, { message: 'Household name is too long' }),
});
export type TCreateHousehold = z.infer<typeof ZCreateHousehold>;

export const ZHouseholdParams = z.object({ id: ZId });
export const ZHouseholdMemberParams = z.object({ id: ZId, userId: z.string().trim().min(1).max(64) });
export const ZHouseholdInviteParams = z.object({ id: ZId, code: z.string().trim().min(1).max(40) });

/** POST /api/households/:id/invites (body optional): how many joins the code allows, 1 unless asked. */
export const ZCreateHouseholdInvite = z.object({
  maxUses: z
    .number()
    .int({ message: 'Uses must be a whole number' })
    .min(1, { message: 'An invite allows at least one join' })
    .max(HOUSEHOLD_INVITE_MAX_USES, { message: `An invite allows at most ${HOUSEHOLD_INVITE_MAX_USES} joins` })
    .optional(),
});
export type TCreateHouseholdInvite = z.infer<typeof ZCreateHouseholdInvite>;

/** POST /api/households/:id/invites -> 201: the code to type, the link to share, when it stops working. */
export const ZHouseholdInvite = z.object({
  code: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int(),
  uses: z.number().int(),
});
export type THouseholdInvite = z.infer<typeof ZHouseholdInvite>;

/** GET /api/households/:id/invites (owner only): codes that can still be used, and who made each. */
export const ZPendingHouseholdInvite = ZHouseholdInvite.extend({
  createdBy: z.object({ userId: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type TPendingHouseholdInvite = z.infer<typeof ZPendingHouseholdInvite>;
export const ZPendingHouseholdInviteList = z.object({ items: z.array(ZPendingHouseholdInvite) });
export type TPendingHouseholdInviteList = z.infer<typeof ZPendingHouseholdInviteList>;

/** GET /api/households/invites/:code: who invites to which household, shown before joining. */
export const ZInvitePreview = z.object({ householdName: z.string(), inviterName: z.string(), expiresAt: z.string() });
export type TInvitePreview = z.infer<typeof ZInvitePreview>;

/** POST /api/households/join; codes are read case-insensitively, spaces and hyphens ignored. */
export const ZJoinHousehold = z.object({
  code: zNonBlank('Enter an invite code')
    .max(40, { message: 'Invite code is too long' })
    .transform((code) => code.replace(/[\s-]/g, '').toUpperCase()),
});
export type TJoinHousehold = z.infer<typeof ZJoinHousehold>;

/** PUT /api/receipts/:id/household: share a receipt with a household (null stops sharing). */
export const ZShareReceipt = z.object({ householdId: ZId.nullable() });
export type TShareReceipt = z.infer<typeof ZShareReceipt>;
export const ZReceiptSharing = z.object({ id: z.string(), householdId: z.string().nullable() });
export type TReceiptSharing = z.infer<typeof ZReceiptSharing>;

/** GET /api/households/:id/spend: what members shared, summed per member and per month. */
export const ZHouseholdSpend = z.object({
  total: z.number(),
  receiptCount: z.number().int(),
  byMember: z.array(z.object({ userId: z.string(), name: z.string(), total: z.number(), receiptCount: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string(), total: z.number(), receiptCount: z.number().int() })),
});
export type THouseholdSpend = z.infer<typeof ZHouseholdSpend>;

/** The household endpoints, shared by the server's registration and the web client's calls. */
export const householdsApi = {
  list: defineRoute({ method: 'GET', path: '/api/households', responses: { 200: ZHouseholdList } }),
  create: defineRoute({ method: 'POST', path: '/api/households', body: ZCreateHousehold, responses: { 201: ZHousehold } }),
  join: defineRoute({ method: 'POST', path: '/api/households/join', body: ZJoinHousehold, responses: { 200: ZHousehold } }),
  /** Counted against the join throttle like a join. */
  invitePreview: defineRoute({
    method: 'GET',
    path: '/api/households/join/:code',
    params: ZJoinHousehold,
    responses: { 200: ZInvitePreview },
  }),
  detail: defineRoute({ method: 'GET', path: '/api/households/:id', params: ZHouseholdParams, responses: { 200: ZHousehold } }),
  createInvite: defineRoute({
    method: 'POST',
    path: '/api/households/:id/invites',
    params: ZHouseholdParams,
    body: ZCreateHouseholdInvite.nullish(),
    responses: { 201: ZHouseholdInvite },
  }),
  listInvites: defineRoute({
    method: 'GET',
    path: '/api/households/:id/invites',
    params: ZHouseholdParams,
    responses: { 200: ZPendingHouseholdInviteList },
  }),
  revokeInvite: defineRoute({
    method: 'DELETE',
    path: '/api/households/:id/invites/:code',
    params: ZHouseholdInviteParams,
    responses: { 204: null },
  }),
  leave: defineRoute({ method: 'POST', path: '/api/households/:id/leave', params: ZHouseholdParams, responses: { 204: null } }),
  removeMember: defineRoute({
    method: 'DELETE',
    path: '/api/households/:id/members/:userId',
    params: ZHouseholdMemberParams,
    responses: { 204: null },
  }),
  spend: defineRoute({ method: 'GET', path: '/api/households/:id/spend', params: ZHouseholdParams, responses: { 200: ZHouseholdSpend } }),
  shareReceipt: defineRoute({
    method: 'PUT',
    path: '/api/receipts/:id/household',
    params: z.object({ id: ZId }),
    body: ZShareReceipt,
    responses: { 200: ZReceiptSharing },
  }),
};
