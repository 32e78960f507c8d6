import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../common/constants.ts';
import { AccountType } from '../common/enums.ts';
import { zNumber, zString } from '../common/primitives.ts';
import { ValidationMessage } from '../validators/messages.ts';

/** Shortest password accepted when a password is set or reset. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const AuthMessage = {
  PasswordTooShort: `La password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`,
  PasswordTooLong: `La password non può superare i ${PASSWORD_MAX_LENGTH} caratteri`,
  RecoverySent:
    "Se l'indirizzo corrisponde a un account, riceverai a breve un'email con il link per reimpostare la password. Il link vale un'ora.",
  ResetLinkInvalid: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
  UnattendedInvalid: 'Il link di accesso non è valido o è scaduto.',
} as const;

/** Name of the httpOnly cookie holding the refresh token (path `/user`, SameSite=Strict). */
export const REFRESH_COOKIE_NAME = 'stabile_refresh';

// ---------------------------------------------------------------------------------------------
// POST /user/login and /user/loginMobile
// ---------------------------------------------------------------------------------------------

/**
 * Wire schema of the login body. Blank or absent username/password are accepted here and refused by
 * the server with code 108 ('Credenziali obbligatorie mancanti'), as the spec asks; forms validate
 * with `loginFormSchema`. `username` is the account's email (case-insensitive). `keepLogin` keeps
 * the session for 365 days instead of 14 (default false; true for /user/loginMobile).
 */
export const loginRequestSchema = z.object({
  username: zString().max(EMAIL_MAX_LENGTH).optional().describe("Email dell'account"),
  password: zString().max(PASSWORD_MAX_LENGTH).optional(),
  keepLogin: z.boolean().optional().describe('Resta collegato: 365 giorni invece di 14'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The login form: both fields required (first error shown). */
export const loginFormSchema = z.object({
  username: zString().trim().min(1, ValidationMessage.Required).max(EMAIL_MAX_LENGTH),
  password: zString().min(1, ValidationMessage.Required).max(PASSWORD_MAX_LENGTH),
  keepLogin: z.boolean(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Account information returned at login. */
export const accountInfoSchema = z.object({
  /** Version of the account's data: when it changes the client reloads the account info. */
  versione: zNumber().int(),
  /**
   * Access management of the archive in use. At login no archive is open yet, so it is false; the
   * value for an archive comes from GET /user/islogged with X-Archive-Id and GET /api/db/open.
   */
  gestioneAccessi: z.boolean(),
  tipo: z.enum([AccountType.Pro, AccountType.One]),
  /** Display name of the account (studio name). */
  nome: zString(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** Tokens: a 15-minute JWT access token and the opaque refresh token (also set as cookie). */
export const tokenPairSchema = z.object({
  accessToken: zString(),
  refreshToken: zString(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({
  /** The account's login name (its email). */
  username: zString(),
  account: accountInfoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /user/islogged
// ---------------------------------------------------------------------------------------------

/** Per-area flags of an archive user (spec section 6); all true when access management is off. */
export const permissionsSchema = z.object({
  accAllegatiOn: z.boolean(),
  accAttivitaOn: z.boolean(),
  accImpiantiOn: z.boolean(),
  accPersoneOn: z.boolean(),
  accFornitoriOn: z.boolean(),
});
export type PermissionFlags = z.infer<typeof permissionsSchema>;

/** The archive user's permissions; `login` is the archive user's name shown as the user name. */
export const gestioneAccessiDataSchema = permissionsSchema.extend({ login: zString() });
export type GestioneAccessiData = z.infer<typeof gestioneAccessiDataSchema>;

/**
 * GET /user/islogged. With an `X-Archive-Id` header of an archive unlocked in this session,
 * `gestioneAccessi` and `gestioneAccessiData` describe that archive (data is null unless access
 * management is on); without it they are false/null. The client compares versione, gestioneAccessi
 * and gestioneAccessiData with what it holds and reloads the account info when they change.
 */
export const isLoggedResponseSchema = z.object({
  versione: zNumber().int(),
  gestioneAccessi: z.boolean(),
  gestioneAccessiData: gestioneAccessiDataSchema.nullable(),
  username: zString(),
  tipo: z.enum([AccountType.Pro, AccountType.One]),
  nome: zString(),
});
export type IsLoggedResponse = z.infer<typeof isLoggedResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /user/refresh, /user/logout
// ---------------------------------------------------------------------------------------------

/**
 * The refresh token travels in the body (native wrapper) or in the httpOnly cookie (web app): the
 * body wins when both are present. Each use rotates it; a rotated token used again revokes the
 * whole session (111).
 */
export const refreshRequestSchema = z.object({ refreshToken: zString().max(200).optional() });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const refreshResponseSchema = tokenPairSchema;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /user/logout: ends the session of the refresh token (body or cookie) and clears the cookie. */
export const logoutRequestSchema = refreshRequestSchema;
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Password recovery and reset
// ---------------------------------------------------------------------------------------------

const emailField = zString(ValidationMessage.Required)
  .trim()
  .min(1, ValidationMessage.Required)
  .max(EMAIL_MAX_LENGTH, ValidationMessage.EmailTooLong)
  .pipe(z.email(ValidationMessage.Email));

/** POST /user/passwordRecovery: same answer whether the email exists or not. */
export const passwordRecoveryRequestSchema = z.object({ email: emailField });
export type PasswordRecoveryRequest = z.infer<typeof passwordRecoveryRequestSchema>;
export const passwordRecoveryResponseSchema = z.object({ ok: z.literal(true), messaggio: zString() });
export type PasswordRecoveryResponse = z.infer<typeof passwordRecoveryResponseSchema>;

export const newPasswordSchema = zString(ValidationMessage.Required)
  .min(PASSWORD_MIN_LENGTH, AuthMessage.PasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, AuthMessage.PasswordTooLong);

/**
 * POST /user/passwordReset: `token` from the emailed link `/forgotPassword?token=...` (single use,
 * one hour). Ends every session of the account. Invalid or expired token: 110 with
 * AuthMessage.ResetLinkInvalid.
 */
export const passwordResetRequestSchema = z.object({
  token: zString(ValidationMessage.Required).min(1, ValidationMessage.Required).max(200),
  password: newPasswordSchema,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export const passwordResetResponseSchema = okResponseSchema;

/** The reset form of the web app (with the repeated password). */
export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, conferma: zString() })
  .refine((v) => v.password === v.conferma, {
    message: 'Le due password non coincidono',
    path: ['conferma'],
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;

// ---------------------------------------------------------------------------------------------
// POST /user/unattended?portalToken&sessionID
// ---------------------------------------------------------------------------------------------

/**
 * A one-time login handed over by the resident portal or the desktop suite: `portalToken` is valid
 * 5 minutes and once; `sessionID` must match when the token was issued for a session. Answers like
 * login; an invalid token is 111 with AuthMessage.UnattendedInvalid.
 */
export const unattendedQuerySchema = z.object({
  portalToken: zString().min(1).max(200),
  sessionID: zString().max(200).optional(),
});
export type UnattendedQuery = z.infer<typeof unattendedQuerySchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/notifiche/addDevice and /removeDevice
// ---------------------------------------------------------------------------------------------

export const deviceRequestSchema = z.object({
  token: zString(ValidationMessage.Required).min(1, ValidationMessage.Required).max(4096),
  device: z.literal('web'),
});
export type DeviceRequest = z.infer<typeof deviceRequestSchema>;
export const deviceResponseSchema = okResponseSchema;
export type DeviceResponse = z.infer<typeof deviceResponseSchema>;
