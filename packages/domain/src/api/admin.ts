import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { EMAIL_MAX } from '../forms.ts';
import type { AdminAuth } from '../roles.ts';
import { dataOf, errors, type Same } from './contract.ts';
import { areaRoutes } from './merchant-routes.ts';

const route = areaRoutes('Admin');

/** The admin page's sign-in (spec section 3): its messages are the spec's English ones. */
export const adminSignInSchema = z.object({
  // Capped first (abort): no pattern ever runs on a long string.
  email: z.string().trim().max(EMAIL_MAX, { error: 'Email is invalid', abort: true }).email('Email is invalid'),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN, `Password isn't allowed to be less than ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password isn't allowed to be more than ${PASSWORD_MAX} characters`),
});

export const adminAuthSchema = z.object({
  user: z.object({ email: z.string() }).nullable(),
  role: z.enum(['admin', 'user']),
  loggedIn: z.boolean(),
});

export const adminAuthTypeCheck: Same<z.output<typeof adminAuthSchema>, AdminAuth> = true;

export const adminApi = {
  login: route.anyone('POST', '/api/admin/login', {
    summary: 'Sign the admin in (sets the session cookie)',
    body: adminSignInSchema,
    response: { 200: dataOf(adminAuthSchema), ...errors(422, 429) },
  }),
  session: route.anyone('GET', '/api/admin/session', {
    summary: 'Who is signed in as admin (the default record for anyone else)',
    response: { 200: dataOf(adminAuthSchema) },
  }),
  logout: route.anyone('POST', '/api/admin/logout', {
    summary: 'Sign the admin out',
    response: { 200: dataOf(adminAuthSchema) },
  }),
  signOutEverywhere: route.admin('DELETE', '/api/admin/sessions', {
    summary: 'Sign the admin out everywhere',
    response: { 200: dataOf(z.object({ revoked: z.number().int() })) },
  }),
  resetSandboxClients: route.admin('DELETE', '/api/admin/sandbox-clients', {
    summary: 'Remove every merchant client onboarded at the network sandbox',
    description:
      'Clients onboarded through POST /sandbox/clients go with their DPAs (keys, origins, merchant cards) and cards on file, so onboarding is open again; the shop’s own client and DPAs stay.',
    response: { 200: dataOf(z.object({ removed: z.number().int() })) },
  }),
};
