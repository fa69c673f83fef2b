import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { Contadores, cuentaNormalizada, limitesDesdeEntorno, type Limites } from './cognito-limites';
import { autorizacionDeControl } from './control-clave';
import { CLAVE_DE_CONTROL } from './settings';

/**
 * `/cognito` on the local origin → cognito-local, as the web client's public Cognito endpoint.
 *
 * cognito-local answers every action to anyone (it checks no IAM signature), so forwarding all of
 * them would let a customer call AdminAddUserToGroup on himself. Only the actions a public app
 * client calls, for the app client the stack created, are forwarded; everything else is refused
 * here with a Cognito-shaped 400 and never reaches the emulator. Sign-in, reset-code and sign-up
 * attempts are throttled per account and per address (cognito-limites.ts), as the pool does on AWS.
 */

const PREFIJO = 'AWSCognitoIdentityProviderService.';

/**
 * The actions the apps' Amplify calls make (shell-app/src/features/auth/lib/cognito.ts), the only
 * ones forwarded. Password changes and reset confirmations are not among them: the server makes
 * those (POST /api/perfil/contrasena, /api/auth/restablecer-contrasena) after applying the
 * account's role rules, so the browser must not reach Cognito's ChangePassword or
 * ConfirmForgotPassword around them. Nor are sign-up confirmation calls (the PreSignUp trigger
 * confirms) or GlobalSignOut and ConfirmDevice (signOut is local; the pool tracks no devices).
 */
export const ACCIONES_PUBLICAS = [
  // signIn (USER_PASSWORD_AUTH locally, USER_SRP_AUTH on AWS); AuthFlow checked in FLUJOS_PERMITIDOS
  'InitiateAuth',
  // signIn's SRP password verifier and confirmSignIn's TOTP code
  'RespondToAuthChallenge',
  // fetchAuthSession's refresh, rewritten to InitiateAuth REFRESH_TOKEN_AUTH (cognito-local lacks it)
  'GetTokensFromRefreshToken',
  // signOut: revokes the refresh token
  'RevokeToken',
  // signUp (the registration screen)
  'SignUp',
  // resetPassword: emails a reset code
  'ForgotPassword',
  // fetchMFAPreference: the user's own MFA settings, with his access token
  'GetUser',
  // setUpTOTP: the TOTP secret for enrolment
  'AssociateSoftwareToken',
  // verifyTOTPSetup: the first code from the authenticator app
  'VerifySoftwareToken',
  // updateMFAPreference: TOTP on or off for himself
  'SetUserMFAPreference',
] as const;

/** InitiateAuth flows a public client may start (no ADMIN_* or CUSTOM_AUTH flow). */
const FLUJOS_PERMITIDOS = new Set(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);
/** Actions whose body names the app client: it must be the stack's web client. */
const CON_CLIENTE = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'SignUp',
  'ForgotPassword',
]);
/** Answers that mean a sign-in attempt failed (the emulator calls a wrong password InvalidPasswordException). */
const FALLOS_DE_INICIO = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'CodeMismatchException',
  'ExpiredCodeException',
]);
/** The largest body forwarded (Amplify's requests are a few KB). */
export const MAX_CUERPO_COGNITO = 64 * 1024;

export const MENSAJES_PROXY = {
  metodo: 'Cognito solo acepta POST en esta dirección.',
  accion: 'Esta acción de Cognito no está disponible para la aplicación web.',
  cuerpo: 'El cuerpo de la solicitud no es un JSON válido.',
  grande: 'El cuerpo de la solicitud es demasiado grande.',
  cliente: 'El cliente de la aplicación no es válido.',
  flujo: 'Este flujo de autenticación no está disponible para la aplicación web.',
  servicio: 'El servicio de autenticación no está disponible.',
} as const;

export interface OpcionesProxyCognito {
  /** cognito-local's base URL. */
  upstream: string;
  /** The stack's web app client id. */
  clientId: string;
  limites?: Limites;
  ahora?: () => number;
}

class Rechazo extends Error {
  constructor(
    readonly status: number,
    readonly tipo: string,
    message: string,
    readonly cabeceras: Record<string, string> = {},
  ) {
    super(message);
  }
}

function responder(res: ServerResponse, status: number, tipo: string, message: string, cabeceras: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-errortype': tipo,
    'cache-control': 'no-store',
    ...cabeceras,
  });
  res.end(JSON.stringify({ __type: tipo, message }));
}

async function leerCuerpo(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_CUERPO_COGNITO) {
    throw new Rechazo(413, 'RequestEntityTooLargeException', MENSAJES_PROXY.grande, { connection: 'close' });
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_CUERPO_COGNITO)
      throw new Rechazo(413, 'RequestEntityTooLargeException', MENSAJES_PROXY.grande, { connection: 'close' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function objetoJson(texto: string): Record<string, unknown> {
  let valor: unknown;
  try {
    valor = JSON.parse(texto);
  } catch {
    throw new Rechazo(400, 'SerializationException', MENSAJES_PROXY.cuerpo);
  }
  if (typeof valor !== 'object' || valor === null || Array.isArray(valor)) {
    throw new Rechazo(400, 'SerializationException', MENSAJES_PROXY.cuerpo);
  }
  return valor as Record<string, unknown>;
}

/** The error type cognito-local puts in the body (`__type`; it sends no x-amzn-errortype header). */
function tipoDelCuerpo(texto: string): string | null {
  try {
    const tipo = campo(JSON.parse(texto), '__type');
    return typeof tipo === 'string' ? tipo : null;
  } catch {
    return null;
  }
}

const campo = (o: unknown, nombre: string): unknown =>
  typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[nombre] : undefined;

/** What the throttle counts a request as: a sign-in, a reset code, a sign-up, or nothing. */
function clase(
  accion: string,
  cuerpo: Record<string, unknown>,
): { tipo: 'inicio' | 'codigo' | 'registro'; cuenta: string } | null {
  if (accion === 'InitiateAuth' && (cuerpo.AuthFlow === 'USER_PASSWORD_AUTH' || cuerpo.AuthFlow === 'USER_SRP_AUTH'))
    return { tipo: 'inicio', cuenta: cuentaNormalizada(campo(cuerpo.AuthParameters, 'USERNAME')) };
  if (accion === 'RespondToAuthChallenge')
    return { tipo: 'inicio', cuenta: cuentaNormalizada(campo(cuerpo.ChallengeResponses, 'USERNAME')) };
  if (accion === 'ForgotPassword') return { tipo: 'codigo', cuenta: cuentaNormalizada(cuerpo.Username) };
  if (accion === 'SignUp') return { tipo: 'registro', cuenta: cuentaNormalizada(cuerpo.Username) };
  return null;
}

export function proxyCognito(opts: OpcionesProxyCognito): RequestListener {
  const contadores = new Contadores(opts.limites ?? limitesDesdeEntorno(), opts.ahora);
  const limitePor = {
    inicio: ['inicioFallidoPorCuenta', 'inicioFallidoPorIp'],
    codigo: ['codigoPorCuenta', 'codigoPorIp'],
    registro: ['registroPorCuenta', 'registroPorIp'],
  } as const;

  /** 429 when the account or the address is over its limit; for codes and sign-ups, counts this one. */
  function frenar(c: NonNullable<ReturnType<typeof clase>>, ip: string): void {
    const [porCuenta, porIp] = limitePor[c.tipo];
    const espera = Math.max(contadores.esperaSegundos(porCuenta, c.cuenta), contadores.esperaSegundos(porIp, ip));
    if (espera > 0) {
      const tipo = c.tipo === 'codigo' ? 'LimitExceededException' : 'TooManyRequestsException';
      throw new Rechazo(429, tipo, seguridadTexts.demasiadosIntentos, { 'retry-after': String(espera) });
    }
    if (c.tipo !== 'inicio') {
      contadores.registrar(porCuenta, c.cuenta);
      contadores.registrar(porIp, ip);
    }
  }

  /**
   * A sign-in's outcome: a failure counts against the account and the address; a completed sign-in
   * (tokens issued, not merely the password accepted before a TOTP challenge) clears the account's.
   */
  function resultadoDeInicio(cuenta: string, ip: string, status: number, tipoError: string | null, text: string): void {
    if (status === 200 && text.includes('"AuthenticationResult"')) contadores.olvidar('inicioFallidoPorCuenta', cuenta);
    else if (tipoError && FALLOS_DE_INICIO.has(tipoError.split(':')[0]!.split('#').pop()!)) {
      contadores.registrar('inicioFallidoPorCuenta', cuenta);
      contadores.registrar('inicioFallidoPorIp', ip);
    }
  }

  async function atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') throw new Rechazo(405, 'UnsupportedOperationException', MENSAJES_PROXY.metodo, { allow: 'POST' });
    const objetivo = String(req.headers['x-amz-target'] ?? '');
    const accion = objetivo.startsWith(PREFIJO) ? objetivo.slice(PREFIJO.length) : '';
    if (!(ACCIONES_PUBLICAS as readonly string[]).includes(accion)) {
      throw new Rechazo(400, 'UnknownOperationException', MENSAJES_PROXY.accion);
    }
    const cuerpo = objetoJson(await leerCuerpo(req));
    if (CON_CLIENTE.has(accion) && cuerpo.ClientId !== opts.clientId) {
      throw new Rechazo(400, 'ResourceNotFoundException', MENSAJES_PROXY.cliente);
    }
    if (accion === 'InitiateAuth' && !FLUJOS_PERMITIDOS.has(String(cuerpo.AuthFlow))) {
      throw new Rechazo(400, 'InvalidParameterException', MENSAJES_PROXY.flujo);
    }
    const ip = req.socket.remoteAddress ?? '';
    const limitada = clase(accion, cuerpo);
    if (limitada) frenar(limitada, ip);

    let target = `${PREFIJO}${accion}`;
    let enviado: unknown = cuerpo;
    if (accion === 'GetTokensFromRefreshToken') {
      target = `${PREFIJO}InitiateAuth`;
      enviado = {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: cuerpo.ClientId,
        AuthParameters: { REFRESH_TOKEN: cuerpo.RefreshToken },
      };
    }
    let upstream: Response;
    try {
      upstream = await fetch(opts.upstream, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': target,
          // cognito-local answers only the stack's own key (cognito-local.ts)
          authorization: autorizacionDeControl(CLAVE_DE_CONTROL),
        },
        body: JSON.stringify(enviado),
      });
    } catch {
      throw new Rechazo(502, 'ServiceUnavailable', MENSAJES_PROXY.servicio);
    }
    const text = await upstream.text();
    const tipoError = upstream.headers.get('x-amzn-errortype');
    if (limitada?.tipo === 'inicio')
      resultadoDeInicio(limitada.cuenta, ip, upstream.status, tipoError ?? tipoDelCuerpo(text), text);
    const headers: Record<string, string> = {
      'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    };
    if (tipoError) headers['x-amzn-errortype'] = tipoError;
    res.writeHead(upstream.status, headers);
    res.end(text);
  }

  return (req, res) => {
    atender(req, res).catch((error: unknown) => {
      // an aborted body: the client is gone, nothing to answer
      if (req.destroyed && !(error instanceof Rechazo)) return;
      if (error instanceof Rechazo) {
        responder(res, error.status, error.tipo, error.message, error.cabeceras);
        // the unread rest of a refused body is dropped (an oversized one ends the connection: `connection: close`)
        req.resume();
        return;
      }
      responder(res, 500, 'InternalErrorException', MENSAJES_PROXY.servicio);
    });
  };
}
