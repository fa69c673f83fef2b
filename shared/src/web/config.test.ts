import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configDePrueba } from '../testing/config-de-prueba';
import { CONFIG_INLINE_ID, getConfig, loadConfig, setConfig } from './config';

const valida = configDePrueba('127.0.0.1:3000');

function enLaPagina(datos: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CONFIG_INLINE_ID;
  script.textContent = JSON.stringify(datos);
  document.body.append(script);
}

describe('loadConfig', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    setConfig(null);
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    document.getElementById(CONFIG_INLINE_ID)?.remove();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('toma la configuración de la página sin pedir /config.json; userPoolEndpoint es opcional', async () => {
    expect(valida.auth).not.toHaveProperty('userPoolEndpoint');
    enLaPagina(valida);
    await expect(loadConfig()).resolves.toEqual(valida);
    expect(getConfig()).toEqual(valida);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('una configuración de la página no válida se descarta y se pide /config.json', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    enLaPagina({ ...valida, auth: { ...valida.auth, userPoolId: '' } });
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(valida), { status: 200 }));
    await expect(loadConfig()).resolves.toEqual(valida);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(error).toHaveBeenCalledOnce();
  });

  it('rechaza un /config.json no válido (etapa desconocida, remoto vacío) y lo vuelve a pedir en la siguiente llamada', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ ...valida, stage: 'prod', remotes: { ...valida.remotes, admin: '' } }), { status: 200 }),
    );
    const error = await loadConfig().then(
      () => new Error('se aceptó una configuración no válida'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/^\/config\.json no es válido: /);
    expect(error.message).toContain('"stage"');
    expect(error.message).toContain('"admin"');
    expect(() => getConfig()).toThrow('La configuración aún no se ha cargado');

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(valida), { status: 200 }));
    await expect(loadConfig()).resolves.toEqual(valida);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
