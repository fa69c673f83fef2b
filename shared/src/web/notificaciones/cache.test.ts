import { describe, expect, it } from 'vitest';
import type { Notificacion } from '../../schemas/notificaciones';
import { agregarAlInicio, destinoAccion, notificacionDesdeEvento, reemplazar, textoInsignia } from './cache';

const n = (id: string, over: Partial<Notificacion> = {}): Notificacion => ({
  id,
  user_id: 'u1',
  tipo: 'info',
  titulo: id,
  mensaje: '',
  leida: false,
  leida_en: null,
  accion_url: null,
  created_at: '2026-03-10T15:30:00.000Z',
  ...over,
});

describe('textoInsignia', () => {
  it('oculta 0, muestra 1 a 9 y 9+ por encima de 9', () => {
    expect(textoInsignia(0)).toBeNull();
    expect(textoInsignia(-1)).toBeNull();
    expect(textoInsignia(1)).toBe('1');
    expect(textoInsignia(9)).toBe('9');
    expect(textoInsignia(10)).toBe('9+');
    expect(textoInsignia(250)).toBe('9+');
  });
});

describe('notificacionDesdeEvento', () => {
  it('acepta la forma de la API y rechaza lo que no es una notificación', () => {
    expect(notificacionDesdeEvento(n('n1', { tipo: 'credit' }))?.tipo).toBe('credit');
    expect(notificacionDesdeEvento({ id: 'n1' })).toBeNull();
    expect(notificacionDesdeEvento('x')).toBeNull();
    expect(notificacionDesdeEvento(null)).toBeNull();
  });
});

describe('agregarAlInicio / reemplazar', () => {
  it('pone la nueva primero y deja 10 como máximo', () => {
    const page = { items: Array.from({ length: 10 }, (_, i) => n(`v${i}`)), nextCursor: 'c' };
    const out = agregarAlInicio(page, n('nueva'))!;
    expect(out.items).toHaveLength(10);
    expect(out.items[0]!.id).toBe('nueva');
    expect(out.items[9]!.id).toBe('v8');
  });

  it('no duplica una que ya está (la reemplaza) y no inventa una lista que no se ha cargado', () => {
    const page = { items: [n('a'), n('b')], nextCursor: null };
    expect(agregarAlInicio(page, n('b', { leida: true }))!.items.map((x) => [x.id, x.leida])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(agregarAlInicio(undefined, n('a'))).toBeUndefined();
    expect(reemplazar(page, n('a', { titulo: 'otra' }))!.items[0]!.titulo).toBe('otra');
  });
});

describe('destinoAccion', () => {
  it('rutas internas por el router, http(s) como enlace, lo demás en ningún lado', () => {
    expect(destinoAccion('/portal?tab=pagos')).toEqual({ interno: '/portal?tab=pagos' });
    expect(destinoAccion('https://cuota.example/x')).toEqual({ externo: 'https://cuota.example/x' });
    expect(destinoAccion('//evil.example')).toBeNull();
    expect(destinoAccion('javascript:alert(1)')).toBeNull();
    expect(destinoAccion(null)).toBeNull();
    expect(destinoAccion('')).toBeNull();
  });
});
