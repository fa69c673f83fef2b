/**
 * cognito-local as the local stack runs it: `node --import tsx cognito-local.ts` (same environment
 * and working folder as its own bin, which this ends by starting).
 *
 * The emulator lacks some calls the functions make on AWS, or answers them differently; rather than
 * the Lambda code carrying a branch for the emulator, the emulator is taught to answer like AWS:
 * - AdminResetUserPassword: a reset code sent to the user's email, as ForgotPassword sends it (the
 *   code is kept on the user and printed, like every code cognito-local "delivers"). AWS also marks
 *   the user RESET_REQUIRED; here the current password keeps working until the reset, as it did
 *   when the functions fell back to ForgotPassword.
 * - AdminUserGlobalSignOut: accepted. AWS revokes the user's refresh tokens; cognito-local's stay
 *   valid (as they did when the functions skipped the call locally).
 * - ChangePassword with a wrong current password: NotAuthorizedException, as AWS answers (the
 *   emulator says InvalidPasswordException, AWS's name for a refused new password).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Ctx {
  logger: unknown;
}
interface Usuario {
  Username: string;
  Attributes?: Array<{ Name: string; Value?: string }>;
}
interface UserPool {
  options: { Id: string };
  getUserByUsername(ctx: Ctx, username: string): Promise<Usuario | null>;
  saveUser(ctx: Ctx, user: Usuario & Record<string, unknown>): Promise<void>;
}
interface Services {
  cognito: { getUserPool(ctx: Ctx, id: string): Promise<UserPool> };
  clock: { get(): Date };
  otp: () => string;
  messages: {
    deliver(
      ctx: Ctx,
      source: string,
      clientId: string | null,
      userPoolId: string,
      user: Usuario,
      code: string,
      clientMetadata: unknown,
      deliveryDetails: { AttributeName: string; DeliveryMedium: string; Destination: string },
    ): Promise<void>;
  };
}
type Target = (services: Services) => (ctx: Ctx, req: Record<string, unknown>) => Promise<unknown>;

const { Targets } = require('cognito-local/lib/targets/targets') as { Targets: Record<string, Target> };
const errors = require('cognito-local/lib/errors') as {
  UserNotFoundError: new () => Error;
  UnsupportedError: new (message: string) => Error;
  InvalidPasswordError: new () => Error;
  NotAuthorizedError: new (message?: string) => Error;
};

async function usuario(services: Services, ctx: Ctx, req: Record<string, unknown>) {
  const pool = await services.cognito.getUserPool(ctx, String(req.UserPoolId));
  const user = await pool.getUserByUsername(ctx, String(req.Username));
  if (!user) throw new errors.UserNotFoundError();
  return { pool, user };
}

Targets.AdminResetUserPassword = (services) => async (ctx, req) => {
  const { pool, user } = await usuario(services, ctx, req);
  const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
  if (!email) throw new errors.UnsupportedError('AdminResetUserPassword without email on user');
  const code = services.otp();
  await services.messages.deliver(ctx, 'ForgotPassword', null, pool.options.Id, user, code, req.ClientMetadata, {
    AttributeName: 'email',
    DeliveryMedium: 'EMAIL',
    Destination: email,
  });
  await pool.saveUser(ctx, { ...user, UserLastModifiedDate: services.clock.get(), ConfirmationCode: code });
  return {};
};

Targets.AdminUserGlobalSignOut = (services) => async (ctx, req) => {
  await usuario(services, ctx, req);
  return {};
};

const changePassword = Targets.ChangePassword!;
Targets.ChangePassword = (services) => {
  const target = changePassword(services);
  return async (ctx, req) => {
    try {
      return await target(ctx, req);
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError) throw new errors.NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };
};

require('cognito-local/lib/bin/start.js');
