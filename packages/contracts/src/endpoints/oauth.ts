/** Endpoints of third-party and mobile-code sign-in. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZLoginResultSchema } from '../system/auth.js';
import {
  ZMobileLoginSchema,
  ZOauthBindingSchema,
  ZOauthBindLoginSchema,
  ZOauthCallbackResultSchema,
  ZOauthCallbackSchema,
  ZOauthRegisterResultSchema,
  ZOauthRegisterSchema,
  ZOauthStartResultSchema,
  ZOauthStartSchema,
  ZOauthUnbindSchema,
} from '../system/oauth.js';

/** SPEC 7: sign-in by mobile number and SMS code (purpose 'login' of send-code). */
export const sysUserMobileLogin = endpoint({
  path: '/api/sys/user/mobile-login',
  body: ZMobileLoginSchema,
  data: ZLoginResultSchema,
  access: 'public',
  operation: false,
});

/** Starts a third-party sign-in: answers the provider's authorisation address. */
export const sysOauthAuthorize = endpoint({
  path: '/api/sys/oauth/authorize',
  body: ZOauthStartSchema,
  data: ZOauthStartResultSchema,
  access: 'public',
  operation: false,
});

/** Starts binding a third-party identity to the signed-in account. */
export const sysOauthBindStart = endpoint({
  path: '/api/sys/oauth/bind-start',
  body: ZOauthStartSchema,
  data: ZOauthStartResultSchema,
  access: 'user',
  operation: false,
});

/** The /sync page: completes the flow with the provider's code. */
export const sysOauthCallback = endpoint({
  path: '/api/sys/oauth/callback',
  body: ZOauthCallbackSchema,
  data: ZOauthCallbackResultSchema,
  access: 'public',
  operation: false,
});

/** A first sign-in: binds the identity to an existing account after its password. */
export const sysOauthBindLogin = endpoint({
  path: '/api/sys/oauth/bind-login',
  body: ZOauthBindLoginSchema,
  data: ZLoginResultSchema,
  access: 'public',
  operation: false,
});

/** A first sign-in: creates a learner for the identity when registration is open. */
export const sysOauthRegister = endpoint({
  path: '/api/sys/oauth/register',
  body: ZOauthRegisterSchema,
  data: ZOauthRegisterResultSchema,
  access: 'public',
  operation: false,
});

/** The signed-in user's bound identities. */
export const sysOauthBindList = endpoint({
  path: '/api/sys/oauth/bind-list',
  data: z.array(ZOauthBindingSchema),
  access: 'user',
  operation: false,
});

export const sysOauthUnbind = endpoint({
  path: '/api/sys/oauth/unbind',
  body: ZOauthUnbindSchema,
  data: z.null(),
  access: 'user',
  operation: false,
});
