import { describe, expect, it } from 'vitest';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { creditoAprobado, nuevaSolicitud, nuevoCliente, nuevoProducto } from '../../../test/lending-fixtures';
import { handler as buscar } from './buscar';
import { numeroCreditoDe, numerosSolicitudDe } from './domain';

/** A tag no other client has (letters only, so no number of another client contains it). */
const etiqueta = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

const buscarComo = (caller: TestCaller | undefined, query: Record<string, string>) =>
  call(buscar, apiEvent('buscar', { caller, query }));
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('GET /api/busqueda', () => {
  it('encuentra a un cliente por una parte del apellido, del dominio del email o por su teléfono, para todo el personal', async () => {
    const apellido = etiqueta();
    const dominio = etiqueta();
    const telefono = `+506 8${String(Date.now()).slice(-7)}`;
    const c = await nuevoCliente({ apellido: `Vargas ${apellido}`, email: `ana.${etiqueta()}@${dominio}.com`, telefono });
    for (const caller of [ADMIN, ANALISTA, COBRADOR]) {
      for (const q of [
        apellido.slice(2, 7),
        dominio.slice(1),
        `${apellido.slice(0, 4)} vargas`,
        telefono.slice(-8),
        c.identidad_numero!,
      ]) {
        const res = await buscarComo(caller, { q });
        expect(res.status, q).toBe(200);
        expect(ids(res.body.clientes), q).toEqual([c.id]);
      }
    }
    const res = await buscarComo(ADMIN, { q: apellido });
    expect(res.body.clientes[0]).toEqual({
      id: c.id,
      nombre: c.nombre,
      apellido: c.apellido,
      email: c.email,
      telefono,
      identidad_tipo: 'cedula',
      identidad_numero: c.identidad_numero,
    });
    expect((await buscarComo(ADMIN, { q: `${apellido} otra${etiqueta()}` })).body.clientes).toEqual([]);
  });

  it("con dos letras ('ma') encuentra a Manuel aunque haya muchos clientes de gmail ('mail' va antes de 'manuel')", async () => {
    for (let i = 0; i < 30; i++) await nuevoCliente({ nombre: 'Rosa', email: `r.${etiqueta()}@gmail.com` });
    const manuel = await nuevoCliente({ nombre: 'Manuel', apellido: `Solís ${etiqueta()}` });
    const res = await buscarComo(ANALISTA, { q: 'ma' });
    expect(res.status).toBe(200);
    expect(ids(res.body.clientes)).toContain(manuel.id);
  });

  it('encuentra un crédito por su número entero o sin el prefijo, y una solicitud por su número o sus dígitos', async () => {
    const cliente = await nuevoCliente({ apellido: `Solano ${etiqueta()}` });
    const producto = await nuevoProducto();
    const { credito, solicitud: desembolsada } = await creditoAprobado(cliente.id, producto.id);
    const solicitud = await nuevaSolicitud(cliente.id, producto.id);
    const [, anio, digitos] = solicitud.numero_solicitud.split('-');
    for (const q of [credito.numero_credito, credito.numero_credito.slice(3), credito.numero_credito.toLowerCase()]) {
      const res = await buscarComo(COBRADOR, { q });
      expect(ids(res.body.creditos), q).toEqual([credito.id]);
      expect(res.body.creditos[0], q).toMatchObject({ numero_credito: credito.numero_credito, cliente_id: cliente.id });
    }
    for (const q of [solicitud.numero_solicitud, `${anio}-${digitos}`, solicitud.numero_solicitud.toLowerCase()]) {
      const res = await buscarComo(ANALISTA, { q });
      expect(ids(res.body.solicitudes), q).toEqual([solicitud.id]);
      expect(res.body.solicitudes[0], q).toMatchObject({ numero_solicitud: solicitud.numero_solicitud, estado: 'enviado' });
    }
    // the digits alone are tried in this year and the one before: this year's solicitud is among them
    expect(ids((await buscarComo(ANALISTA, { q: digitos! })).body.solicitudes)).toContain(solicitud.id);
    expect(ids((await buscarComo(ANALISTA, { q: desembolsada.numero_solicitud })).body.solicitudes)).toEqual([desembolsada.id]);
    // the client's name finds the client and, through the credits' own index, the credit
    const porNombre = await buscarComo(ADMIN, { q: cliente.apellido.split(' ')[1]! });
    expect(ids(porNombre.body.clientes)).toEqual([cliente.id]);
    expect(ids(porNombre.body.creditos)).toEqual([credito.id]);
  });

  it('devuelve como mucho `limit` resultados de cada tipo', async () => {
    const dominio = etiqueta();
    for (let i = 0; i < 3; i++) await nuevoCliente({ email: `c${etiqueta()}@${dominio}.cr` });
    expect((await buscarComo(ADMIN, { q: dominio })).body.clientes).toHaveLength(3);
    expect((await buscarComo(ADMIN, { q: dominio, limit: '2' })).body.clientes).toHaveLength(2);
  });

  it('sin texto no hay resultados; un límite fuera de rango o un texto largo es 400; sin rol 403; sin token 401', async () => {
    const nada = { clientes: [], creditos: [], solicitudes: [] };
    expect(await buscarComo(ADMIN, { q: '   ' })).toEqual({ status: 200, body: nada });
    expect(await buscarComo(ADMIN, {})).toEqual({ status: 200, body: nada });
    expect((await buscarComo(ADMIN, { q: 'a'.repeat(101) })).body.details).toEqual({ q: 'La búsqueda es demasiado larga' });
    expect((await buscarComo(ADMIN, { q: 'ana', limit: '11' })).body.details).toEqual({ limit: 'El límite máximo es 10' });
    expect((await buscarComo({ sub: 'cliente-sin-rol' }, { q: 'ana' })).status).toBe(403);
    expect((await buscarComo(undefined, { q: 'ana' })).status).toBe(401);
  });
});

describe('números de crédito y de solicitud en una consulta', () => {
  it('reconoce el número con o sin prefijo, y nada más', () => {
    expect(numeroCreditoDe('CR-2026-000123')).toBe('CR-2026-000123');
    expect(numeroCreditoDe('cr 2026 123')).toBe('CR-2026-000123');
    expect(numeroCreditoDe('2026-000123')).toBe('CR-2026-000123');
    expect(numeroCreditoDe('maria')).toBeNull();
    expect(numeroCreditoDe('000123')).toBeNull();
    const hoy = new Date('2026-03-01T12:00:00Z');
    expect(numerosSolicitudDe('SOL-2025-4821', hoy)).toEqual(['SOL-2025-4821']);
    expect(numerosSolicitudDe('2025-48210', hoy)).toEqual(['SOL-2025-48210']);
    expect(numerosSolicitudDe('4821', hoy)).toEqual(['SOL-2026-4821', 'SOL-2025-4821']);
    expect(numerosSolicitudDe('482', hoy)).toEqual([]);
    expect(numerosSolicitudDe('vargas', hoy)).toEqual([]);
  });
});
