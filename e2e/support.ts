import { expect, type Page } from '@playwright/test';
import { iniciarSesionEnPila, type RespuestaDeInicio } from '../infra/local/inicio-de-sesion';
import { DEMO_PASSWORD, enviarAcceso } from './acceso';
import { violacionesAxe } from './axe';
import { hoyCR } from './pantalla';

export { DEMO_PASSWORD, enviarAcceso };
export const DEMO = {
  admin: 'admin@demo.cr',
  analista: 'analista@demo.cr',
  cobrador: 'cobrador@demo.cr',
  cliente: 'cliente@demo.cr',
} as const;

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The stack's DynamoDB Local (PORT + 1), for tests that plant items the API cannot create yet. */
export const DYNAMO_URL = `http://127.0.0.1:${PORT + 1}`;

interface RuntimeConfig {
  auth: { userPoolId: string; userPoolClientId: string };
}

export async function runtimeConfig(): Promise<RuntimeConfig> {
  return (await (await fetch(`${BASE_URL}/config.json`)).json()) as RuntimeConfig;
}

/** Cognito's InitiateAuth (USER_PASSWORD_AUTH) through the origin's `/cognito`, its answer as is (tokens or a challenge). */
export const initiateAuth = (email: string, password: string): Promise<RespuestaDeInicio> =>
  iniciarSesionEnPila(BASE_URL, email, password);

/** Signs in against the Cognito emulator behind the origin: the ID and access tokens. */
export async function sesion(
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ token: string; accessToken: string; sub: string }> {
  const body = await initiateAuth(email, password);
  if (!body.AuthenticationResult) throw new Error(`login falló para ${email}: ${JSON.stringify(body)}`);
  const token = body.AuthenticationResult.IdToken;
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return { token, accessToken: body.AuthenticationResult.AccessToken, sub: payload.sub };
}

/** Signs in against the Cognito emulator behind the origin and returns the ID token. */
export async function idToken(email: string, password = DEMO_PASSWORD): Promise<{ token: string; sub: string }> {
  const { token, sub } = await sesion(email, password);
  return { token, sub };
}

/**
 * A new customer as the registration screen makes one: POST /api/auth/registro (the server checks
 * the rules and calls Cognito SignUp; the PreSignUp trigger confirms it), sign-in, then POST
 * /api/portal/registro. Returns the credentials.
 */
export async function registerCustomer(
  nombre: string,
  apellido: string,
  password = DEMO_PASSWORD,
): Promise<{ email: string; password: string; token: string; clienteId: string }> {
  const email = `${nombre.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@prueba.cr`;
  const alta = await api('/api/auth/registro', undefined, {
    method: 'POST',
    body: JSON.stringify({ nombre, apellido, telefono: '+506 8888-1234', email, password }),
  });
  if (alta.status !== 201) throw new Error(`registro de cuenta falló para ${email}: ${JSON.stringify(alta.body)}`);
  const { token } = await idToken(email, password);
  const registro = await api('/api/portal/registro', token, {
    method: 'POST',
    body: JSON.stringify({ nombre, apellido, telefono: '+506 8888-1234' }),
  });
  if (registro.status !== 201) throw new Error(`registro falló: ${JSON.stringify(registro.body)}`);
  return { email, password, token, clienteId: registro.body.id as string };
}

export async function api(path: string, token?: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${BASE_URL}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Signs in through the /auth screen's given tab and waits for the landing route. */
export async function signIn(page: Page, tab: 'login' | 'admin', email: string, password = DEMO_PASSWORD): Promise<void> {
  await enviarAcceso(page, tab, email, password);
  await expectPath(page, tab === 'admin' ? '/clientes' : '/portal');
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${path.replace(/[?]/g, '\\?')}$`) : path);
}

/**
 * Closes the toasts on screen with their close button, as a phone user does when one covers the
 * header (at 360 px they span the width; a pointer resting on one pauses its timer).
 */
export async function cerrarAvisos(page: Page): Promise<void> {
  const cerrar = page.locator('[data-sonner-toast]').getByRole('button', { name: 'Cerrar aviso' });
  // a toast may fade on its own between the count and the click: the final check is what counts
  while ((await cerrar.count()) > 0)
    await cerrar
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/**
 * axe-core on the current page: no serious or critical violation. Toasts fade in and out (an
 * opacity animation axe measures mid-fade as low contrast), so the check waits until they are gone;
 * their own colours meet AA (shared/src/ui/toast-sonner.tsx).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0); // a hovered toast pauses its timer
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const violaciones = await violacionesAxe(page);
  expect(violaciones.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

let desembolsos = 0;

/**
 * POST /api/solicitudes/{id}/desembolsar as staff (an administrator unless the setting lets analysts),
 * with a fresh Idempotency-Key: cash, and an override reason in case the client's KYC is pending.
 */
export async function desembolsar(
  solicitudId: string,
  token: string,
  body: Record<string, unknown> = { canal_desembolso: 'efectivo', override_motivo: 'Prueba e2e: KYC en trámite' },
): Promise<{ status: number; body: any }> {
  return api(`/api/solicitudes/${solicitudId}/desembolsar`, token, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'idempotency-key': `e2e-${Date.now().toString(36)}-${++desembolsos}` },
  });
}

/**
 * A credit the way the product makes one: the analyst approves (moving no money), then an
 * administrator disburses. Returns the disbursement's answer ({ solicitud, credito }); throws with
 * the body when a step fails.
 */
export async function aprobarYDesembolsar(
  solicitudId: string,
  terminos: Record<string, unknown> = {},
): Promise<{ solicitud: any; credito: any }> {
  const [analista, admin] = await Promise.all([idToken(DEMO.analista), idToken(DEMO.admin)]);
  const aprobada = await api(`/api/solicitudes/${solicitudId}/aprobar`, analista.token, {
    method: 'POST',
    body: JSON.stringify(terminos),
  });
  if (aprobada.status !== 200) throw new Error(`aprobar ${aprobada.status}: ${JSON.stringify(aprobada.body)}`);
  const desembolsada = await desembolsar(solicitudId, admin.token);
  if (desembolsada.status !== 200) throw new Error(`desembolsar ${desembolsada.status}: ${JSON.stringify(desembolsada.body)}`);
  return desembolsada.body;
}

/**
 * A new credit of the customer with token `clienteToken`, disbursed today: the customer applies,
 * an analyst analyses and approves it, an administrator disburses it. The one place e2e specs
 * create a credit from scratch (so a change in how approval and disbursement happen is made here once).
 */
export async function creditoDesembolsado(
  clienteToken: string,
  monto = 15_000_000,
  plazo = 6,
): Promise<{ id: string; numero_credito: string }> {
  const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  const analista = await idToken(DEMO.analista);
  const productos = await api('/api/productos/activos', clienteToken);
  const producto = productos.body.items.find((p: { codigo: string }) => p.codigo === 'PERS-01') ?? productos.body.items[0];
  const solicitud = await api(
    '/api/portal/solicitudes',
    clienteToken,
    post({ producto_id: producto.id, monto_solicitado_centimos: monto, plazo_meses: plazo }),
  );
  if (solicitud.status !== 201) throw new Error(`solicitud: ${JSON.stringify(solicitud.body)}`);
  const analisis = await api(`/api/solicitudes/${solicitud.body.id}/analizar`, analista.token, post({}));
  if (analisis.status !== 200) throw new Error(`analizar: ${JSON.stringify(analisis.body)}`);
  const { credito } = await aprobarYDesembolsar(solicitud.body.id);
  return credito as { id: string; numero_credito: string };
}

/** The customer reports (SINPE Móvil, today) a payment of the credit's first cuota: registrado, waiting for staff. Returns its reference, `prefijo-…`. */
export async function reportarPrimeraCuota(token: string, creditoId: string, prefijo: string): Promise<string> {
  const cuotas = await api(`/api/portal/creditos/${creditoId}/cuotas?limit=100`, token);
  const referencia = `${prefijo}-${Date.now().toString(36).toUpperCase()}`;
  const reporte = await api('/api/portal/pagos', token, {
    method: 'POST',
    body: JSON.stringify({
      credito_id: creditoId,
      monto_centimos: cuotas.body.items[0].monto_total_centimos,
      fecha_pago: hoyCR(),
      canal: 'sinpe_movil',
      referencia_pago: referencia,
    }),
  });
  expect(reporte.status, JSON.stringify(reporte.body)).toBe(201);
  return referencia;
}

/** A client of the spec's own, created by staff (POST /api/clientes): `nombre` and `apellido` carrying the run's stamp keep its rows apart. */
export async function crearCliente(
  token: string,
  nombre: string,
  apellido: string,
  stamp: string,
): Promise<{ id: string; nombre: string; apellido: string }> {
  const res = await api('/api/clientes', token, {
    method: 'POST',
    body: JSON.stringify({
      nombre,
      apellido,
      identidad_tipo: 'cedula',
      identidad_numero: `2${String(Date.now()).slice(-8)}`,
      fecha_nacimiento: '1988-03-14',
      email: `${nombre.toLowerCase()}.${stamp}@correo.cr`,
      telefono: '+506 8800-1200',
      direccion: 'Heredia centro, 200 m norte del parque',
      ciudad: 'Heredia',
      pais: 'Costa Rica',
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
