import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl, errorMessage } from './api';
import { registerAuthBridge } from './auth-bridge';
import { setConfig } from './config';
import { configDePrueba } from '../testing/config-de-prueba';

const config = configDePrueba('127.0.0.1:3000');

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('apiUrl', () => {
  it('añade la ruta del manifiesto a la base, con o sin /api final', () => {
    expect(apiUrl('/api/clientes', 'http://h:3000')).toBe('http://h:3000/api/clientes');
    expect(apiUrl('/api/clientes', 'http://h:3000/')).toBe('http://h:3000/api/clientes');
    expect(apiUrl('/api/clientes', 'https://x.example/api/')).toBe('https://x.example/api/clientes');
    expect(apiUrl('/api/clientes', '')).toBe('/api/clientes');
  });

  it('omite parámetros vacíos y codifica los demás', () => {
    expect(apiUrl('/api/clientes', '', { q: 'José Pérez', limit: 25, cursor: undefined })).toBe(
      '/api/clientes?q=Jos%C3%A9+P%C3%A9rez&limit=25',
    );
    expect(apiUrl('/api/clientes', '', { q: '' })).toBe('/api/clientes');
  });
});

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    setConfig(config);
    registerAuthBridge({ getIdToken: async () => 'id-token-123', signOut: async () => {}, me: async () => null });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    registerAuthBridge(null);
    setConfig(null);
  });

  it('un 401 con token termina la sesión con el mensaje del servidor; sin token, o con otro estado, no', async () => {
    const sesionTerminada = vi.fn();
    let token: string | null = 'id-token-123';
    registerAuthBridge({ getIdToken: async () => token, signOut: async () => {}, me: async () => null, sesionTerminada });
    const revocada = { code: 'UNAUTHORIZED', message: 'Tu sesión ya no es válida. Inicia sesión de nuevo.' };
    fetchMock.mockResolvedValueOnce(jsonResponse(401, revocada));
    await expect(api.get('/api/clientes')).rejects.toMatchObject({ status: 401 });
    expect(sesionTerminada).toHaveBeenCalledWith(revocada.message);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: 'No' }));
    await expect(api.get('/api/clientes')).rejects.toMatchObject({ status: 403 });
    token = null;
    fetchMock.mockResolvedValueOnce(jsonResponse(401, revocada));
    await expect(api.get('/api/clientes')).rejects.toMatchObject({ status: 401 });
    expect(sesionTerminada).toHaveBeenCalledTimes(1);
  });

  it('un 403 MFA_REQUERIDA avisa al shell (a Configuración → Seguridad) y sigue siendo un error; un 403 FORBIDDEN no', async () => {
    const mfaRequerida = vi.fn();
    const sesionTerminada = vi.fn();
    registerAuthBridge({
      getIdToken: async () => 't',
      signOut: async () => {},
      me: async () => null,
      mfaRequerida,
      sesionTerminada,
    });
    const requerida = { code: 'MFA_REQUERIDA', message: 'Tu cuenta de personal requiere la verificación en dos pasos.' };
    fetchMock.mockResolvedValueOnce(jsonResponse(403, requerida));
    await expect(api.get('/api/clientes')).rejects.toMatchObject({ status: 403, code: 'MFA_REQUERIDA' });
    expect(mfaRequerida).toHaveBeenCalledWith(requerida.message);
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN', message: 'No' }));
    await expect(api.get('/api/clientes')).rejects.toMatchObject({ status: 403 });
    expect(mfaRequerida).toHaveBeenCalledTimes(1);
    expect(sesionTerminada).not.toHaveBeenCalled();
  });

  it('envía el ID token como Bearer y el cuerpo como JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await api.post('/api/portal/registro', { telefono: '+50688888888' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:3000/api/portal/registro');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer id-token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"telefono":"+50688888888"}');
  });

  it('no envía Authorization sin sesión', async () => {
    registerAuthBridge({ getIdToken: async () => null, signOut: async () => {}, me: async () => null });
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/api/openapi.json');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('convierte {code,message,details} en ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { code: 'VALIDATION', message: 'Datos inválidos', details: { email: 'Email inválido' } }),
    );
    const error = await api.post('/api/clientes', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Datos inválidos',
      details: { email: 'Email inválido' },
    });
  });

  it('da un mensaje en español cuando el cuerpo de error no es JSON', async () => {
    fetchMock.mockResolvedValue(new Response('Forbidden', { status: 403 }));
    await expect(api.get('/api/clientes')).rejects.toMatchObject({
      status: 403,
      message: 'No tienes permisos para realizar esta acción',
    });
  });

  it('informa un fallo de red como ApiError NETWORK', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/me')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'No se pudo conectar con el servidor',
    });
  });
});

describe('errorMessage', () => {
  it('usa el mensaje del servidor, el de red, o el de la acción', () => {
    expect(
      errorMessage(new ApiError(409, 'CONFLICT', 'Ya existe un cliente con este email'), 'No se pudo crear el cliente'),
    ).toBe('Ya existe un cliente con este email');
    expect(errorMessage(new ApiError(0, 'NETWORK', 'No se pudo conectar con el servidor', {}, false), 'x')).toBe(
      'No se pudo conectar con el servidor',
    );
    expect(
      errorMessage(new ApiError(502, 'HTTP_502', 'Ocurrió un error inesperado', {}, false), 'No se pudo crear el cliente'),
    ).toBe('No se pudo crear el cliente');
    expect(errorMessage(new TypeError('boom'), 'No se pudo crear el cliente')).toBe('No se pudo crear el cliente');
  });
});
