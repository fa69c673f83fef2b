import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { Contadores, cuentaNormalizada, limitesDesdeEntorno, type Limites } from './cognito-limites';
import { SesionesDeReto, type Sesion } from './cognito-sesiones';
import { autorizacionDeControl } from './control-clave';
import { CLAVE_DE_CONTROL } from './settings';

/**
 * `/cognito` on the local origin → cognito-local, as the web client's public Cognito endpoint.
 *
 * cognito-local answers every action to anyone (it checks no IAM signature), so forwarding all of
 * them would let a customer call AdminAddUserToGroup on himself. Only the actions a public app
 * client calls, for the app client the stack created, are forwarded; everything else is refused
 * here with a Cognito-shaped 400 and never reaches the emulator. Sign-in and reset-code attempts
 * are throttled per account and per address (cognito-limites.ts), as the pool does on AWS.
 *
 * cognito-local also trusts what it is sent where AWS checks: it answers RespondToAuthChallenge for
 * any Session string (so NEW_PASSWORD_REQUIRED would set anyone's password) and only decodes access
 * tokens. So the proxy forwards only the TOTP challenge, for a Session it handed out itself for that
 * account (cognito-sesiones.ts), and verifies every access token (signature against the pool's
 * JWKS, token_use, client_id, exp) before forwarding the call that carries it.
 */

const PREFIJO = 'AWSCognitoIdentityProviderService.';

/**
 * The actions the apps' Amplify calls make (shell-app/src/features/auth/lib/cognito.ts), the only
 * ones forwarded. Password changes and reset confirmations are not among them: the server makes
 * those (POST /api/perfil/contrasena, /api/auth/restablecer-contrasena) after applying the
 * account's role rules, so the browser must not reach Cognito's ChangePassword or
 * ConfirmForgotPassword around them. Nor is SignUp (the server signs the customer up, POST
 * /api/auth/registro, with a one-time ticket the PreSignUp trigger requires), nor sign-up
 * confirmation calls (the trigger confirms) or GlobalSignOut and ConfirmDevice (signOut is local;
 * the pool tracks no devices).
 */
export const ACCIONES_PUBLICAS = [
  // signIn (USER_PASSWORD_AUTH locally, USER_SRP_AUTH on AWS); AuthFlow checked in FLUJOS_PERMITIDOS
  'InitiateAuth',
  // confirmSignIn's TOTP code (ChallengeName SOFTWARE_TOKEN_MFA only, with the sign-in's Session)
  'RespondToAuthChallenge',
  // fetchAuthSession's refresh, rewritten to InitiateAuth REFRESH_TOKEN_AUTH (cognito-local lacks it)
  'GetTokensFromRefreshToken',
  // signOut: revokes the refresh token
  'RevokeToken',
  // resetPassword: emails a reset code
  'ForgotPassword',
  // fetchMFAPreference: the user's own MFA settings, with his access token (verified: CON_TOKEN)
  'GetUser',
  // setUpTOTP: the TOTP secret for enrolment (with the access token; the MFA_SETUP Session is not used)
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
  'ForgotPassword',
]);
/** Actions that act on the caller's account by its access token: forwarded only with a verified one. */
const CON_TOKEN = new Set(['GetUser', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference']);
/** The one challenge the apps answer (confirmSignIn with the authenticator's code). */
const RETO_PERMITIDO = 'SOFTWARE_TOKEN_MFA';
/** Sign-in flows with a password; their USERNAME must be an e-mail (see nombreDeCuenta). */
const FLUJOS_CON_CONTRASENA = new Set(['USER_PASSWORD_AUTH', 'USER_SRP_AUTH']);
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
  reto: 'Este paso de inicio de sesión no está disponible para la aplicación web.',
  sesion: 'La sesión de inicio expiró o no es válida. Inicia sesión de nuevo.',
  token: 'La sesión no es válida o expiró. Inicia sesión de nuevo.',
  correo: 'Inicia sesión con tu correo electrónico.',
  servicio: 'El servicio de autenticación no está disponible.',
} as const;

export interface OpcionesProxyCognito {
  /** cognito-local's base URL. */
  upstream: string;
  /** The stack's web app client id. */
  clientId: string;
  /** The stack's user pool: access tokens must come from its issuer (upstream origin + pool id). */
  userPoolId: string;
  limites?: Limites;
  ahora?: () => number;
}

interface Reenvio {
  status: number;
  text: string;
  /** cognito-local's x-amzn-errortype header (it usually sends none). */
  cabecera: string | null;
  /** The error type, from the header or the body's `__type`. */
  tipoError: string | null;
  contentType: string | null;
}

/** What a sign-in's outcome is when cognito-local could not be reached: not a failure of the user's. */
const SIN_RESPUESTA: Reenvio = { status: 502, text: '', cabecera: null, tipoError: null, contentType: null };

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

/**
 * The account a password sign-in names: its e-mail, normalised. cognito-local also takes the
 * account's sub or Username for the same account, which would give it two or three separate
 * budgets of failures; the apps always send the e-mail, so anything else is refused.
 */
function nombreDeCuenta(cuerpo: Record<string, unknown>): string {
  const cuenta = cuentaNormalizada(campo(cuerpo.AuthParameters, 'USERNAME'));
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cuenta)) throw new Rechazo(400, 'InvalidParameterException', MENSAJES_PROXY.correo);
  return cuenta;
}

export function proxyCognito(opts: OpcionesProxyCognito): RequestListener {
  const ahora = opts.ahora ?? Date.now;
  const contadores = new Contadores(opts.limites ?? limitesDesdeEntorno(), ahora);
  const sesiones = new SesionesDeReto(ahora);
  const emisor = new URL(opts.userPoolId, opts.upstream).href;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  const limitePor = {
    inicio: ['inicioFallidoPorCuenta', 'inicioFallidoPorIp'],
    codigo: ['codigoPorCuenta', 'codigoPorIp'],
  } as const;

  /**
   * 429 when the account or the address is over its limit; otherwise counts this attempt on both
   * now, before it is forwarded (a sign-in's count is taken back in resultadoDeInicio when it did
   * not fail), so parallel requests cannot all pass the check before any of them is counted.
   */
  function frenar(tipo: keyof typeof limitePor, cuenta: string, ip: string): { cuenta: number; ip: number } {
    const [porCuenta, porIp] = limitePor[tipo];
    const espera = Math.max(contadores.esperaSegundos(porCuenta, cuenta), contadores.esperaSegundos(porIp, ip));
    if (espera > 0) {
      const error = tipo === 'codigo' ? 'LimitExceededException' : 'TooManyRequestsException';
      throw new Rechazo(429, error, seguridadTexts.demasiadosIntentos, { 'retry-after': String(espera) });
    }
    return { cuenta: contadores.registrar(porCuenta, cuenta), ip: contadores.registrar(porIp, ip) };
  }

  /**
   * A sign-in's outcome: a failure stays counted against the account and the address; anything
   * else takes its count back, and a completed sign-in (tokens issued, not merely the password
   * accepted before a TOTP challenge) clears the account's failures.
   */
  function resultadoDeInicio(cuenta: string, ip: string, marcas: { cuenta: number; ip: number }, r: Reenvio): void {
    if (r.tipoError && FALLOS_DE_INICIO.has(r.tipoError.split(':')[0]!.split('#').pop()!)) return;
    contadores.retirar('inicioFallidoPorIp', ip, marcas.ip);
    if (r.status === 200 && r.text.includes('"AuthenticationResult"')) contadores.olvidar('inicioFallidoPorCuenta', cuenta);
    else contadores.retirar('inicioFallidoPorCuenta', cuenta, marcas.cuenta);
  }

  /** Refuses a call whose AccessToken is not one the pool issued to the web client and still valid. */
  async function verificarAcceso(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 8192)
      throw new Rechazo(400, 'NotAuthorizedException', MENSAJES_PROXY.token);
    jwks ??= createRemoteJWKSet(new URL(`${emisor}/.well-known/jwks.json`));
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: emisor,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub', 'token_use', 'client_id'],
        currentDate: new Date(ahora()),
      });
      if (payload.token_use === 'access' && payload.client_id === opts.clientId) return;
    } catch (error) {
      // the JWKS could not be fetched: the emulator is down, not the token bad
      if (!(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout)
        throw new Rechazo(502, 'ServiceUnavailable', MENSAJES_PROXY.servicio);
    }
    throw new Rechazo(400, 'NotAuthorizedException', MENSAJES_PROXY.token);
  }

  /** cognito-local's answer to one call (the only request the proxy makes to it). */
  async function reenviar(target: string, enviado: unknown): Promise<Reenvio> {
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
    const cabecera = upstream.headers.get('x-amzn-errortype');
    return {
      status: upstream.status,
      text,
      cabecera,
      tipoError: cabecera ?? tipoDelCuerpo(text),
      contentType: upstream.headers.get('content-type'),
    };
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
    if (CON_TOKEN.has(accion)) await verificarAcceso(cuerpo.AccessToken);
    const ip = req.socket.remoteAddress ?? '';

    // a sign-in: by password (InitiateAuth) or its TOTP step (with the Session the password earned)
    let cuenta: string | null = null;
    let reto: { id: string; sesion: Sesion } | null = null;
    if (accion === 'InitiateAuth' && FLUJOS_CON_CONTRASENA.has(String(cuerpo.AuthFlow))) cuenta = nombreDeCuenta(cuerpo);
    if (accion === 'RespondToAuthChallenge') {
      if (cuerpo.ChallengeName !== RETO_PERMITIDO) throw new Rechazo(400, 'InvalidParameterException', MENSAJES_PROXY.reto);
      const sesion = sesiones.de(cuerpo.Session, campo(cuerpo.ChallengeResponses, 'USERNAME'));
      if (!sesion) throw new Rechazo(400, 'NotAuthorizedException', MENSAJES_PROXY.sesion);
      cuenta = sesion.cuenta;
      reto = { id: String(cuerpo.Session), sesion };
    }
    const marcas = cuenta === null ? null : frenar('inicio', cuenta, ip);
    if (reto) sesiones.tomar(reto.id);
    if (accion === 'ForgotPassword') frenar('codigo', cuentaNormalizada(cuerpo.Username), ip);

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
    const respuesta = await reenviar(target, enviado).catch((error: unknown) => {
      if (cuenta !== null && marcas) resultadoDeInicio(cuenta, ip, marcas, SIN_RESPUESTA);
      if (reto) sesiones.devolver(reto.id, reto.sesion);
      throw error;
    });
    if (cuenta !== null && marcas) resultadoDeInicio(cuenta, ip, marcas, respuesta);
    if (reto && respuesta.status !== 200) sesiones.devolver(reto.id, reto.sesion);
    if (accion === 'InitiateAuth' && cuenta !== null && respuesta.status === 200)
      sesiones.anotar(cuenta, respuesta.text, RETO_PERMITIDO);
    const headers: Record<string, string> = { 'content-type': respuesta.contentType ?? 'application/x-amz-json-1.1' };
    if (respuesta.cabecera) headers['x-amzn-errortype'] = respuesta.cabecera;
    res.writeHead(respuesta.status, headers);
    res.end(respuesta.text);
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
