import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { fechaNegocio, sumarDias } from '@cuota/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, type TestCaller } from '../../../test/events';
import { clienteDelPortal, creditoAprobado, nuevaSolicitud, nuevoCliente, nuevoProducto } from '../../../test/lending-fixtures';
import { cambiarCuota } from '../../../test/pagos-fixtures';
import { handler as analizar } from '../solicitudes/analizar-solicitud';
import { handler as crearSolicitud } from './crear-solicitud-portal';
import { handler as documentosCredito } from './obtener-documentos-credito-portal';
import { handler as documentos } from './listar-documentos-portal';
import { handler as creditos } from './listar-creditos-portal';
import { handler as cuotas } from './listar-cuotas-portal';
import { handler as credito } from './obtener-credito-portal';
import { handler as resumen } from './obtener-resumen-portal';
import { handler as solicitudes } from './listar-solicitudes-portal';

const hoy = () => fechaNegocio(new Date());

describe('acceso a las rutas del portal', () => {
  it('el personal y un usuario sin registro de cliente reciben 403', async () => {
    for (const caller of [ADMIN, COBRADOR, { sub: `sin-cliente-${Date.now()}` } as TestCaller]) {
      expect((await call(resumen, apiEvent('obtener-resumen-portal', { caller }))).status).toBe(403);
      expect((await call(creditos, apiEvent('listar-creditos-portal', { caller }))).status).toBe(403);
      expect((await call(documentos, apiEvent('listar-documentos-portal', { caller }))).status).toBe(403);
    }
    expect((await call(resumen, apiEvent('obtener-resumen-portal', {}))).status).toBe(401);
  });
});

describe('GET /api/portal/resumen', () => {
  it('da score, línea de crédito y las 5 cuotas impagas más próximas de todos sus créditos, con alertas', async () => {
    const { cliente, caller } = await clienteDelPortal({ score_crediticio: 702, riesgo: 'medio' });
    const producto = await nuevoProducto();
    const a = (await creditoAprobado(cliente.id, producto.id, 600_000_00, 6)).credito;
    const b = (await creditoAprobado(cliente.id, producto.id, 400_000_00, 4)).credito;
    // someone else's credit never shows up
    await creditoAprobado((await nuevoCliente()).id, producto.id);
    // a: cuota 1 paid, cuota 2 overdue; b: cuota 1 due in 3 days
    await cambiarCuota(a.id, 1, { pagada: true, fecha_vencimiento: sumarDias(hoy(), -40) });
    await cambiarCuota(a.id, 2, { fecha_vencimiento: sumarDias(hoy(), -10), dias_mora: 10 });
    await cambiarCuota(b.id, 1, { fecha_vencimiento: sumarDias(hoy(), 3) });

    const res = await call(resumen, apiEvent('obtener-resumen-portal', { caller }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fecha_negocio: hoy(),
      score: 702,
      cliente: { id: cliente.id, riesgo: 'medio' },
      linea_credito: { limite_centimos: 300_000_000, usado_centimos: 100_000_000, disponible_centimos: 200_000_000 },
      creditos_activos: 2,
    });
    const proximas = res.body.proximas_cuotas as {
      credito_id: string;
      numero_cuota: number;
      alerta: string | null;
      numero_credito: string;
      fecha_vencimiento: string;
    }[];
    expect(proximas).toHaveLength(5);
    expect(proximas.slice(0, 2).map((c) => [c.credito_id, c.numero_cuota, c.alerta])).toEqual([
      [a.id, 2, 'vencida'],
      [b.id, 1, 'proxima'],
    ]);
    expect(proximas.every((c) => [a.id, b.id].includes(c.credito_id))).toBe(true);
    expect(proximas.some((c) => c.credito_id === a.id && c.numero_cuota === 1)).toBe(false);
    expect(proximas[0]!.numero_credito).toBe(a.numero_credito);
    const fechas = proximas.map((c) => c.fecha_vencimiento);
    expect([...fechas].sort()).toEqual(fechas);
  });

  it('un cliente nuevo sin créditos tiene toda la línea disponible y ninguna cuota', async () => {
    const { caller } = await clienteDelPortal();
    const res = await call(resumen, apiEvent('obtener-resumen-portal', { caller }));
    expect(res.body).toMatchObject({
      score: null,
      linea_credito: { usado_centimos: 0, disponible_centimos: 300_000_000 },
      creditos_activos: 0,
      proximas_cuotas: [],
    });
  });
});

describe('/api/portal/solicitudes', () => {
  it('crea la solicitud para el propio cliente aunque el cuerpo traiga otro cliente_id, y lista solo las propias sin el detalle del score', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const otro = await nuevoCliente();
    const producto = await nuevoProducto();
    const res = await call(
      crearSolicitud,
      apiEvent('crear-solicitud-portal', {
        caller,
        body: { cliente_id: otro.id, producto_id: producto.id, monto_solicitado_centimos: 350_000_00, plazo_meses: 10 },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cliente_id: cliente.id, estado: 'enviado', origen: 'portal' });
    expect(res.body).not.toHaveProperty('creado_por');
    await call(analizar, apiEvent('analizar-solicitud', { caller: ANALISTA, params: { id: res.body.id } }));
    await nuevaSolicitud(otro.id, producto.id);

    const list = await call(solicitudes, apiEvent('listar-solicitudes-portal', { caller }));
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: res.body.id, estado: 'en_analisis', score: expect.any(Number) });
    expect(list.body.items[0]).not.toHaveProperty('factores');
  });

  it('valida con los mensajes del formulario', async () => {
    const { caller } = await clienteDelPortal();
    const res = await call(
      crearSolicitud,
      apiEvent('crear-solicitud-portal', { caller, body: { monto_solicitado_centimos: 50, plazo_meses: 61 } }),
    );
    expect(res).toMatchObject({
      status: 400,
      body: {
        details: {
          producto_id: 'Debe seleccionar un producto',
          monto_solicitado_centimos: 'Monto mínimo 100',
          plazo_meses: 'Plazo máximo 60 meses',
        },
      },
    });
  });
});

describe('/api/portal/creditos', () => {
  it('lista y muestra solo los créditos propios; el de otro cliente responde 404 en detalle, cuotas y documentos', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const propio = (await creditoAprobado(cliente.id, producto.id, 300_000_00, 6)).credito;
    const ajeno = (await creditoAprobado((await nuevoCliente()).id, producto.id)).credito;

    const list = await call(creditos, apiEvent('listar-creditos-portal', { caller }));
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([propio.id]);
    const detalle = await call(credito, apiEvent('obtener-credito-portal', { caller, params: { id: propio.id } }));
    expect(detalle).toMatchObject({ status: 200, body: { id: propio.id, progreso_pago: '0.0', producto: { id: producto.id } } });
    const tabla = await call(cuotas, apiEvent('listar-cuotas-portal', { caller, params: { id: propio.id } }));
    expect(tabla.body.items).toHaveLength(6);
    const docs = await call(
      documentosCredito,
      apiEvent('obtener-documentos-credito-portal', { caller, params: { id: propio.id } }),
    );
    expect(docs.body.contrato.numero_credito).toBe(propio.numero_credito);

    const noEncontrado = { status: 404, body: { message: 'Crédito no encontrado' } };
    expect(await call(credito, apiEvent('obtener-credito-portal', { caller, params: { id: ajeno.id } }))).toMatchObject(
      noEncontrado,
    );
    expect(await call(cuotas, apiEvent('listar-cuotas-portal', { caller, params: { id: ajeno.id } }))).toMatchObject(
      noEncontrado,
    );
    expect(
      await call(documentosCredito, apiEvent('obtener-documentos-credito-portal', { caller, params: { id: ajeno.id } })),
    ).toMatchObject(noEncontrado);
  });
});

describe('GET /api/portal/documentos', () => {
  it('da por cada crédito propio su contrato, su tabla y un comprobante por pago conciliado, con la ruta de sus datos', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const { credito: c } = await creditoAprobado(cliente.id, (await nuevoProducto()).id, 300_000_00, 6);
    for (const [estado, ref] of [
      ['conciliado', 'PAGO-DOC-1'],
      ['registrado', 'PAGO-DOC-2'],
    ] as const) {
      const created_at = new Date().toISOString();
      await ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: itemFor.pago({
            id: ulid(),
            credito_id: c.id,
            cliente_id: cliente.id,
            numero_credito: c.numero_credito,
            monto_centimos: 52_000_00,
            fecha_pago: hoy(),
            referencia_pago: ref,
            canal: 'sinpe_movil',
            estado,
            created_at,
          }),
        }),
      );
    }
    const res = await call(documentos, apiEvent('listar-documentos-portal', { caller }));
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: { tipo: string; titulo: string; ruta: string }) => [d.tipo, d.titulo, d.ruta])).toEqual([
      ['contrato', `Contrato de crédito ${c.numero_credito}`, `/api/portal/creditos/${c.id}/documentos`],
      ['tabla_amortizacion', `Tabla de amortización ${c.numero_credito}`, `/api/portal/creditos/${c.id}/cuotas`],
      ['comprobante', 'Comprobante de pago PAGO-DOC-1', `/api/portal/creditos/${c.id}/documentos`],
    ]);
    const otro = await clienteDelPortal();
    expect((await call(documentos, apiEvent('listar-documentos-portal', { caller: otro.caller }))).body.items).toEqual([]);
  });
});
