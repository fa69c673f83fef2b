import { TEXTS } from '@cuota/shared';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, apiEvent, call } from '../../test/events';
import { rutaActualizarCliente } from '#features/clientes/routes';
import { defineRoute } from './http';

const v = TEXTS.validation;
const malFormado = TEXTS.validacionGenerica.textoMalFormado;

/** The real route definition with an implementation that records whether it ran. */
function ruta() {
  const impl = vi.fn(async () => ({ ok: true }));
  const handler = defineRoute(rutaActualizarCliente, impl);
  const enviar = (body: unknown, rawBody?: string) =>
    call(handler, apiEvent('actualizar-cliente', { caller: ADMIN, params: { id: 'c-1' }, body, rawBody }));
  return { impl, enviar };
}

describe('defineRoute: validación del cuerpo', () => {
  it('un surrogate suelto se nombra aunque otro campo también falle', async () => {
    const { impl, enviar } = ruta();
    const res = await enviar({ nombre: 'xx\ud800', direccion: 'corta' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ nombre: malFormado, direccion: v.direccion });
    expect(impl).not.toHaveBeenCalled();
  });

  it('un surrogate suelto solo: 400 con el campo', async () => {
    const { impl, enviar } = ruta();
    const res = await enviar({ apellido: '\udfffxx' });
    expect(res).toMatchObject({ status: 400, body: { details: { apellido: malFormado } } });
    expect(impl).not.toHaveBeenCalled();
  });

  it('los campos ajenos al esquema no aparecen en los detalles, aunque traigan surrogates', async () => {
    const { enviar } = ruta();
    const res = await enviar({ direccion: 'corta', numero_tarjeta: '\ud800' });
    expect(res.body.details).toEqual({ direccion: v.direccion });
  });

  it('un cuerpo anidado 50 000 niveles es un 400, no un desbordamiento de pila', async () => {
    const { enviar } = ruta();
    const hondo = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const res = await enviar(undefined, `{"nombre":${hondo}}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toEqual(['nombre']);
  });

  it('los textos con pares completos (astrales) se aceptan y se cuentan por carácter', async () => {
    const { impl, enviar } = ruta();
    // 5 astral letters are 10 UTF-16 units but 5 characters: short for a dirección (10)
    expect((await enviar({ direccion: '𝕮𝖚𝖔𝖙𝖆' })).body.details).toEqual({ direccion: v.direccion });
    const ok = await enviar({ nombre: '𝕮𝖚𝖔𝖙𝖆', direccion: '𝕮𝖚𝖔𝖙𝖆 de San José' });
    expect(ok.status).toBe(200);
    expect(impl).toHaveBeenCalledOnce();
  });
});
