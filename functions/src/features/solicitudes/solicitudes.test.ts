import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { fechaNegocio, generarCuotas, SOLICITUD_ESTADOS, sumarDias, sumarMeses } from '@cuota/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { keys } from '#commons/keys';
import { ADMIN, ANALISTA, apiEvent, call, COBRADOR, rutaConId, rutaSinId, type TestCaller } from '../../../test/events';
import {
  claveDesembolso,
  clienteDelPortal,
  creditoAprobado,
  creditosDelCliente,
  DESEMBOLSO_BASE,
  desembolsarSolicitud,
  getItem,
  ACCIONES_POR_ESTADO,
  lineaUsada,
  nuevaSolicitud,
  nuevoCliente,
  nuevoProducto,
  notificacionesDe,
  solicitudAprobada,
} from '../../../test/lending-fixtures';
import { handler as actualizarConfiguracion } from '../configuracion/actualizar-configuracion';
import { handler as listarActividad } from '../dashboard/listar-actividad';
import { handler as obtenerCliente } from '../clientes/obtener-cliente';
import { handler as obtenerCredito } from '../creditos/obtener-credito';
import { handler as listarCuotas } from '../creditos/listar-cuotas-credito';
import { handler as listarCreditos } from '../creditos/listar-creditos';
import { handler as analizar } from './analizar-solicitud';
import { handler as aprobar } from './aprobar-solicitud';
import { handler as cancelar } from './cancelar-solicitud';
import { handler as crear } from './crear-solicitud';
import { handler as listar } from './listar-solicitudes';
import { handler as obtener } from './obtener-solicitud';
import { handler as rechazar } from './rechazar-solicitud';

/** The solicitud routes as the app calls them. */
const crearSolicitud = rutaSinId(crear, 'crear-solicitud');
const analizarSolicitud = rutaConId(analizar, 'analizar-solicitud');
const aprobarSolicitud = rutaConId(aprobar, 'aprobar-solicitud');
const rechazarSolicitud = rutaConId(rechazar, 'rechazar-solicitud');
const cancelarSolicitud = rutaConId(cancelar, 'cancelar-solicitud');
const solicitar = (caller: TestCaller, clienteId: string, productoId: string, monto: number, plazo: number) =>
  crearSolicitud(caller, {
    cliente_id: clienteId,
    producto_id: productoId,
    monto_solicitado_centimos: monto,
    plazo_meses: plazo,
  });

afterEach(() => {
  vi.restoreAllMocks();
});

const year = () => fechaNegocio(new Date()).slice(0, 4);

async function configurar(clave: string, valor: string) {
  const res = await call(
    actualizarConfiguracion,
    apiEvent('actualizar-configuracion', { caller: ADMIN, params: { clave }, body: { valor } }),
  );
  if (res.status !== 200) throw new Error(`configuracion ${clave} ${res.status}: ${JSON.stringify(res.body)}`);
}

describe('POST /api/solicitudes', () => {
  it('crea la solicitud en estado enviado con número SOL-{año}-{4 dígitos} y el nombre del cliente', async () => {
    const cliente = await nuevoCliente({ nombre: 'Yorleny', apellido: 'Céspedes Ulate' });
    const producto = await nuevoProducto();
    const res = await solicitar(ANALISTA, cliente.id, producto.id, 750_000_00, 18);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      estado: 'enviado',
      cliente_id: cliente.id,
      cliente_nombre: 'Yorleny',
      cliente_apellido: 'Céspedes Ulate',
      producto_nombre: producto.nombre,
      monto_solicitado_centimos: 750_000_00,
      plazo_meses: 18,
      score: null,
      riesgo_calculado: null,
      analizado_en: null,
      motivo_rechazo: null,
    });
    expect(res.body.numero_solicitud).toMatch(new RegExp(`^SOL-${year()}-\\d{4}$`));
    expect(await getItem(keys.unicoNumeroSolicitud(res.body.numero_solicitud))).toMatchObject({ solicitud_id: res.body.id });

    for (const query of [{ limit: '100' }, { estado: 'enviado', limit: '100' }, { pendientes: 'true', limit: '100' }] as Record<
      string,
      string
    >[]) {
      const list = await call(listar, apiEvent('listar-solicitudes', { caller: COBRADOR, query }));
      expect(list.status).toBe(200);
      expect(
        list.body.items.map((x: { id: string }) => x.id),
        JSON.stringify(query),
      ).toContain(res.body.id);
    }
    const otros = await call(
      listar,
      apiEvent('listar-solicitudes', { caller: ADMIN, query: { estado: 'aprobado', limit: '100' } }),
    );
    expect(otros.body.items.map((x: { id: string }) => x.id)).not.toContain(res.body.id);
  });

  it('valida con los mensajes del formulario del spec', async () => {
    const res = await crearSolicitud(ADMIN, { cliente_id: '', monto_solicitado_centimos: 9_999, plazo_meses: 0 });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({
      cliente_id: 'Debe seleccionar un cliente',
      producto_id: 'Debe seleccionar un producto',
      monto_solicitado_centimos: 'Monto mínimo 100',
      plazo_meses: 'Plazo mínimo 1 mes',
    });
    const largo = await crearSolicitud(ADMIN, {
      cliente_id: 'A',
      producto_id: 'B',
      monto_solicitado_centimos: 10_000.5,
      plazo_meses: 61,
    });
    expect(largo.body.details).toEqual({
      monto_solicitado_centimos: 'El monto debe estar en céntimos enteros',
      plazo_meses: 'Plazo máximo 60 meses',
    });
  });

  it('no exige los rangos del producto (son solo indicativos) pero sí que exista y esté activo', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({ monto_maximo_centimos: 1_000_000_00, plazo_maximo_meses: 12 });
    const fuera = await solicitar(ADMIN, cliente.id, producto.id, 100_00, 60);
    expect(fuera.status).toBe(201);
    const inactivo = await nuevoProducto({}, false);
    const res = await solicitar(ADMIN, cliente.id, inactivo.id, 500_000_00, 6);
    expect(res).toMatchObject({
      status: 400,
      body: { details: { producto_id: 'El producto seleccionado no existe o no está activo' } },
    });
    const sinCliente = await crearSolicitud(ADMIN, {
      cliente_id: 'NOEXISTE',
      producto_id: producto.id,
      monto_solicitado_centimos: 500_000_00,
      plazo_meses: 6,
    });
    expect(sinCliente).toMatchObject({ status: 400, body: { details: { cliente_id: 'Cliente no encontrado' } } });
  });

  it('reintenta con otro número si el sorteado ya existe, y amplía a 5 dígitos cuando los de 4 se agotan', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const ocupar = (numero: string) =>
      ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.unicoNumeroSolicitud(numero), tipo: 'unico', solicitud_id: 'otra' },
        }),
      );
    await ocupar(`SOL-${year()}-1000`);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const s = await nuevaSolicitud(cliente.id, producto.id);
    expect(s.numero_solicitud).toBe(`SOL-${year()}-10000`);
    await ocupar(`SOL-${year()}-5500`);
    const seq = [0.5, 0.5, 0.25];
    vi.spyOn(Math, 'random').mockImplementation(() => seq.shift() ?? 0.9);
    expect((await nuevaSolicitud(cliente.id, producto.id)).numero_solicitud).toBe(`SOL-${year()}-3250`);
  });

  it('un cobrador no puede crear, analizar, aprobar ni rechazar; un cliente sin rol no lista solicitudes', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await nuevaSolicitud(cliente.id, producto.id);
    const prohibido = { status: 403, body: { code: 'FORBIDDEN', message: 'No tienes permisos para realizar esta acción' } };
    expect(await solicitar(COBRADOR, cliente.id, producto.id, 100_000_00, 6)).toMatchObject(prohibido);
    expect(await analizarSolicitud(COBRADOR, s.id)).toMatchObject(prohibido);
    expect(await aprobarSolicitud(COBRADOR, s.id)).toMatchObject(prohibido);
    expect(await rechazarSolicitud(COBRADOR, s.id)).toMatchObject(prohibido);
    expect((await call(listar, apiEvent('listar-solicitudes', { caller: { sub: 'cliente-sin-rol' } }))).status).toBe(403);
    expect(
      (await call(obtener, apiEvent('obtener-solicitud', { caller: { sub: 'cliente-sin-rol' }, params: { id: s.id } }))).status,
    ).toBe(403);
    expect((await call(aprobar, apiEvent('aprobar-solicitud', { params: { id: s.id } }))).status).toBe(401);
    // nothing moved
    expect((await call(obtener, apiEvent('obtener-solicitud', { caller: COBRADOR, params: { id: s.id } }))).body.estado).toBe(
      'enviado',
    );
  });
});

describe('GET /api/solicitudes', () => {
  it('lista las más recientes primero y pagina las pendientes (enviado y en_analisis) sin repetir', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const a = await nuevaSolicitud(cliente.id, producto.id);
    const b = await nuevaSolicitud(cliente.id, producto.id);
    await analizarSolicitud(ANALISTA, b.id);
    const vistos: string[] = [];
    let cursor: string | undefined;
    let previo = '9999';
    for (let pagina = 0; pagina < 50; pagina++) {
      const res = await call(
        listar,
        apiEvent('listar-solicitudes', {
          caller: ADMIN,
          query: { pendientes: 'true', limit: '2', ...(cursor ? { cursor } : {}) },
        }),
      );
      expect(res.status).toBe(200);
      for (const x of res.body.items as { id: string; estado: string; created_at: string }[]) {
        expect(['enviado', 'en_analisis']).toContain(x.estado);
        expect(`${x.created_at}#${x.id}` < previo).toBe(true);
        previo = `${x.created_at}#${x.id}`;
        vistos.push(x.id);
      }
      cursor = res.body.nextCursor ?? undefined;
      if (!cursor || (vistos.includes(a.id) && vistos.includes(b.id))) break;
    }
    expect(vistos).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(new Set(vistos).size).toBe(vistos.length);
  });

  it('rechaza estado y pendientes a la vez, un estado desconocido y un cursor inválido', async () => {
    expect(
      (await call(listar, apiEvent('listar-solicitudes', { caller: ADMIN, query: { pendientes: 'true', estado: 'enviado' } })))
        .body.details,
    ).toEqual({
      pendientes: 'Use estado o pendientes, no ambos',
    });
    expect(
      (await call(listar, apiEvent('listar-solicitudes', { caller: ADMIN, query: { estado: 'pagado' } }))).body.details,
    ).toEqual({ estado: 'Estado inválido' });
    expect(
      (await call(listar, apiEvent('listar-solicitudes', { caller: ADMIN, query: { pendientes: 'true', cursor: 'xyz' } })))
        .status,
    ).toBe(400);
  });
});

describe('GET /api/solicitudes/{id}', () => {
  it('devuelve la solicitud con los datos del cliente y el nombre del producto, o 404 "Solicitud no encontrada"', async () => {
    const cliente = await nuevoCliente({ nombre: 'Hazel' });
    const producto = await nuevoProducto({ nombre: 'Crédito Vivienda Prueba' });
    const s = await nuevaSolicitud(cliente.id, producto.id);
    const res = await call(obtener, apiEvent('obtener-solicitud', { caller: COBRADOR, params: { id: s.id } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      producto_nombre: 'Crédito Vivienda Prueba',
      cliente: { id: cliente.id, nombre: 'Hazel', email: cliente.email, identidad_numero: cliente.identidad_numero },
      producto: { id: producto.id, nombre: 'Crédito Vivienda Prueba', codigo: producto.codigo },
      factores: [],
      credito_id: null,
    });
    expect(await call(obtener, apiEvent('obtener-solicitud', { caller: ADMIN, params: { id: 'NOEXISTE' } }))).toMatchObject({
      status: 404,
      body: { message: 'Solicitud no encontrada' },
    });
  });
});

describe('POST /api/solicitudes/{id}/analizar', () => {
  it('pasa a en_analisis con score 300–850, factores explicados y riesgo; actualiza el score del cliente y le avisa', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const s = await nuevaSolicitud(cliente.id, producto.id, 500_000_00, 12);
    const res = await analizarSolicitud(ANALISTA, s.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Análisis iniciado', solicitud: { estado: 'en_analisis' } });
    const { score, riesgo_calculado, factores, analizado_en } = res.body.solicitud;
    // KYC, cédula, 41 años, sin historial, sin mora, línea 17 %, monto y plazo en rango
    expect(score).toBe(800);
    expect(riesgo_calculado).toBe('bajo');
    expect(factores).toHaveLength(8);
    expect(factores[0]).toEqual({
      codigo: 'KYC',
      descripcion: 'Verificación KYC',
      puntos: 80,
      motivo: 'El cliente completó la verificación KYC',
    });
    expect(Date.parse(analizado_en)).toBeGreaterThan(Date.now() - 60_000);

    const stored = await call(obtener, apiEvent('obtener-solicitud', { caller: ADMIN, params: { id: s.id } }));
    expect(stored.body).toMatchObject({ estado: 'en_analisis', score: 800, riesgo_calculado: 'bajo', factores });
    const perfil = await call(obtenerCliente, apiEvent('obtener-cliente', { caller: ADMIN, params: { id: cliente.id } }));
    expect(perfil.body).toMatchObject({ score_crediticio: 800, riesgo: 'bajo' });
    expect((await notificacionesDe(caller.sub)).map((n) => n.titulo)).toContain('Solicitud en análisis');

    const again = await analizarSolicitud(ADMIN, s.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ESTADO_NO_PERMITE' });
    expect(again.body.error).toBe(`La solicitud ${s.numero_solicitud} está en estado En Análisis: no se puede analizar`);
    expect(again.body.message).toBe(again.body.error);
  });

  it('responde 404 para una solicitud inexistente', async () => {
    expect((await analizarSolicitud(ADMIN, 'NOEXISTE')).status).toBe(404);
  });
});

describe('transiciones por la API (spec §4)', () => {
  const permitido: Record<string, string[]> = ACCIONES_POR_ESTADO;
  const ejecutar = (accion: string, id: string) => {
    switch (accion) {
      case 'analizar':
        return call(analizar, apiEvent('analizar-solicitud', { caller: ADMIN, params: { id } }));
      case 'aprobar':
        return call(aprobar, apiEvent('aprobar-solicitud', { caller: ADMIN, params: { id } }));
      case 'rechazar':
        return call(rechazar, apiEvent('rechazar-solicitud', { caller: ADMIN, params: { id } }));
      case 'desembolsar':
        return desembolsarSolicitud(id);
      default:
        return call(cancelar, apiEvent('cancelar-solicitud', { caller: ADMIN, params: { id }, body: { motivo: 'Prueba' } }));
    }
  };

  it.each(SOLICITUD_ESTADOS)(
    'desde %s solo las acciones permitidas responden 200; las demás 409 sin cambiar nada',
    async (estado) => {
      const producto = await nuevoProducto();
      for (const accion of ['analizar', 'aprobar', 'rechazar', 'desembolsar', 'cancelar'] as const) {
        const cliente = await nuevoCliente();
        const s = await nuevaSolicitud(cliente.id, producto.id, 200_000_00, 6);
        // place the solicitud in the estado under test (borrador and cancelado have no API path)
        const item = (await getItem(keys.solicitud(s.id)))!;
        await ddb.send(
          new PutCommand({
            TableName: tableName(),
            Item: itemFor.solicitud({ ...(item as Parameters<typeof itemFor.solicitud>[0]), estado }),
          }),
        );
        const res = await ejecutar(accion, s.id);
        const ok = permitido[estado]!.includes(accion);
        expect(res.status, `${estado} → ${accion}`).toBe(ok ? 200 : 409);
        expect(res.body.success).toBe(ok);
        const despues = (await getItem(keys.solicitud(s.id)))!;
        if (!ok) expect(despues.estado).toBe(estado);
        expect(despues.gsi3pk).toBe(`SOLICITUDES#${String(despues.estado)}`);
        // only a disbursement creates a credit
        expect(await creditosDelCliente(cliente.id)).toHaveLength(ok && accion === 'desembolsar' ? 1 : 0);
      }
    },
  );
});

/** Approve (as ANALISTA unless told) then disburse (as ADMIN) through the handlers. */
async function aprobarYDesembolsar(id: string, terminos: Record<string, unknown> = {}) {
  const aprobada = await call(aprobar, apiEvent('aprobar-solicitud', { caller: ANALISTA, params: { id }, body: terminos }));
  if (aprobada.status !== 200) return aprobada;
  return desembolsarSolicitud(id);
}

describe('POST /api/solicitudes/{id}/aprobar', () => {
  it('aprueba sin mover dinero: guarda monto, plazo, producto y condiciones; sin crédito, cuotas ni línea', async () => {
    const { cliente, caller } = await clienteDelPortal({ nombre: 'Marta', apellido: 'Solano Brenes' });
    const producto = await nuevoProducto();
    const otro = await nuevoProducto({ tasa_interes_anual: '18.00', tasa_moratoria_anual: '23.40' });
    const s = await nuevaSolicitud(cliente.id, producto.id, 600_000_00, 12);
    const res = await aprobarSolicitud(ANALISTA, s.id, {
      monto_aprobado_centimos: 450_000_00,
      plazo_meses: 10,
      producto_id: otro.id,
      condiciones: 'Con fiador',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Solicitud aprobada',
      solicitud: {
        estado: 'aprobado',
        monto_solicitado_centimos: 600_000_00,
        monto_aprobado_centimos: 450_000_00,
        plazo_aprobado_meses: 10,
        producto_aprobado_id: otro.id,
        condiciones: 'Con fiador',
        credito_id: null,
      },
    });
    expect(res.body.credito).toBeUndefined();
    const stored = (await getItem(keys.solicitud(s.id)))!;
    expect(stored).toMatchObject({ aprobado_por: ANALISTA.sub, gsi3pk: 'SOLICITUDES#aprobado' });
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
    expect(await lineaUsada(cliente.id)).toBeNull();
    const n = (await notificacionesDe(caller.sub)).find((x) => x.titulo === 'Solicitud aprobada');
    expect(n?.mensaje).toContain('Le avisaremos cuando el dinero sea desembolsado');
    // approving again: 409
    const again = await aprobarSolicitud(ADMIN, s.id);
    expect(again).toMatchObject({ status: 409, body: { success: false } });
  });

  it('rechaza un monto aprobado mayor al solicitado, cero, o un producto inactivo (400, sin cambios)', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const inactivo = await nuevoProducto({}, false);
    const s = await nuevaSolicitud(cliente.id, producto.id, 300_000_00, 6);
    const con = (body: Record<string, unknown>) => aprobarSolicitud(ADMIN, s.id, body);
    const mayor = await con({ monto_aprobado_centimos: 300_000_01 });
    expect(mayor.status).toBe(400);
    expect(mayor.body.details.monto_aprobado_centimos).toMatch(/no puede superar el solicitado/);
    expect((await con({ monto_aprobado_centimos: 0 })).status).toBe(400);
    expect((await con({ producto_id: inactivo.id })).body.details).toEqual({
      producto_id: 'El producto seleccionado no existe o no está activo',
    });
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('enviado');
  });

  it('409 claro cuando el monto aprobado no cabe en la línea disponible; la aprobación no la reserva', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({ monto_maximo_centimos: 3_000_000_00 });
    await creditoAprobado(cliente.id, producto.id, 2_500_000_00, 24);
    const s = await nuevaSolicitud(cliente.id, producto.id, 500_000_01, 12);
    const res = await aprobarSolicitud(ADMIN, s.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'LINEA_EXCEDIDA' });
    expect(res.body.error).toMatch(
      /^El monto solicitado \(₡\s?500\s000,01\) supera la línea de crédito disponible del cliente \(₡\s?500\s000,00 de ₡\s?3\s000\s000,00\)$/,
    );
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('enviado');
    // a reduced approved amount fits; approving it reserves nothing
    const ok = await aprobarSolicitud(ADMIN, s.id, { monto_aprobado_centimos: 500_000_00 });
    expect(ok.status).toBe(200);
    expect(await lineaUsada(cliente.id)).toBe(2_500_000_00);
  });

  it('un cobrador no puede aprobar, desembolsar ni cancelar', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id);
    expect((await desembolsarSolicitud(s.id, { caller: COBRADOR })).status).toBe(403);
    expect((await cancelarSolicitud(COBRADOR, s.id, { motivo: 'x' })).status).toBe(403);
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('aprobado');
  });
});

describe('POST /api/solicitudes/{id}/desembolsar', () => {
  it('crea en una transacción el crédito con lo aprobado, sus cuotas, la línea, el movimiento, la actividad y la notificación', async () => {
    const { cliente, caller } = await clienteDelPortal({ nombre: 'Priscilla', apellido: 'Obando Picado' });
    const producto = await nuevoProducto({ tasa_interes_anual: '24.00', tasa_moratoria_anual: '30.00', dias_tolerancia: 5 });
    const s = await nuevaSolicitud(cliente.id, producto.id, 1_200_000_00, 18);
    await analizarSolicitud(ANALISTA, s.id);
    await aprobarSolicitud(ANALISTA, s.id, { monto_aprobado_centimos: 1_000_000_00, plazo_meses: 12 });
    const res = await desembolsarSolicitud(s.id, {
      body: {
        canal_desembolso: 'transferencia',
        cuenta_destino: 'CR05 0152 0200 1026 2840 66',
        override_motivo: 'KYC en trámite, cliente conocido',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Crédito desembolsado', solicitud: { estado: 'desembolsado' } });
    const credito = res.body.credito;
    const hoy = fechaNegocio(new Date());
    expect(credito).toMatchObject({
      estado: 'vigente',
      cliente_id: cliente.id,
      cliente_nombre: 'Priscilla',
      producto_id: producto.id,
      producto_codigo: producto.codigo,
      monto_principal_centimos: 1_000_000_00,
      saldo_capital_centimos: 1_000_000_00,
      saldo_mora_centimos: 0,
      tasa_interes_anual: '24.00',
      plazo_meses: 12,
      fecha_desembolso: hoy,
      fecha_primer_vencimiento: sumarMeses(hoy, 1),
      tasa_moratoria_anual: '30.00',
      dias_tolerancia: 5,
      solicitud_id: s.id,
      version: 1,
      total_pagado_centimos: 0,
      canal_desembolso: 'transferencia',
      cuenta_destino: 'CR05015202001026284066',
    });
    expect(credito.numero_credito).toMatch(new RegExp(`^CR-${hoy.slice(0, 4)}-\\d{6}$`));
    expect(res.body.solicitud).toMatchObject({ credito_id: credito.id, numero_credito: credito.numero_credito });

    const cuotas = await call(listarCuotas, apiEvent('listar-cuotas-credito', { caller: COBRADOR, params: { id: credito.id } }));
    expect(cuotas.body.items).toHaveLength(12);
    expect(cuotas.body.items[0]).toMatchObject({
      pagada: false,
      dias_mora: 0,
      fecha_vencimiento: credito.fecha_primer_vencimiento,
    });
    expect(cuotas.body.items[1].monto_total_centimos).toBe(94_559_60);
    expect(cuotas.body.items.reduce((t: number, c: { monto_capital_centimos: number }) => t + c.monto_capital_centimos, 0)).toBe(
      1_000_000_00,
    );

    const stored = (await getItem(keys.credito(credito.id)))!;
    expect(stored).toMatchObject({
      gsi2pk: 'CREDITOS#vigente',
      gsi3pk: 'CREDITOS#AL_COBRO',
      gsi3sk: `${credito.fecha_primer_vencimiento}#${credito.id}`,
      desembolsado_por: ADMIN.sub,
      aprobado_por: ANALISTA.sub,
    });
    const movimientos = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `CREDITO#${credito.id}`, ':p': 'MOV#' },
      }),
    );
    expect(movimientos.Items).toHaveLength(1);
    expect(movimientos.Items![0]).toMatchObject({
      tipo_movimiento: 'desembolso',
      monto_centimos: 1_000_000_00,
      comision_centimos: 0,
      neto_centimos: 1_000_000_00,
      canal_desembolso: 'transferencia',
      cuenta_destino: 'CR05015202001026284066',
      fecha_valor: hoy,
    });
    expect(await lineaUsada(cliente.id)).toBe(1_000_000_00);
    const notificaciones = await notificacionesDe(caller.sub);
    expect(notificaciones.find((n) => n.titulo === 'Crédito desembolsado')).toMatchObject({
      tipo_notificacion: 'credit',
      accion_url: '/portal',
      leida: false,
    });
    const perfil = await call(obtenerCliente, apiEvent('obtener-cliente', { caller: ADMIN, params: { id: cliente.id } }));
    expect(perfil.body.linea_credito).toEqual({
      limite_centimos: 300_000_000,
      usado_centimos: 100_000_000,
      disponible_centimos: 200_000_000,
    });
    for (const q of [credito.numero_credito, credito.numero_credito.slice(-6), 'priscilla obando']) {
      const found = await call(listarCreditos, apiEvent('listar-creditos', { caller: COBRADOR, query: { q, limit: '100' } }));
      expect(
        found.body.items.map((x: { id: string }) => x.id),
        q,
      ).toContain(credito.id);
    }
    // a second disbursement with another key: 409, still one credit
    const again = await desembolsarSolicitud(s.id);
    expect(again).toMatchObject({ status: 409, body: { success: false } });
    expect(await creditosDelCliente(cliente.id)).toHaveLength(1);
  });

  it('la misma Idempotency-Key devuelve la primera respuesta; otra petición con esa clave es 409; sin clave es 400', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 300_000_00, 6);
    const sinClave = await desembolsarSolicitud(s.id, { clave: null });
    expect(sinClave.status).toBe(400);
    expect(sinClave.body.details['Idempotency-Key']).toMatch(/Idempotency-Key/);
    const clave = claveDesembolso();
    const primera = await desembolsarSolicitud(s.id, { clave });
    const segunda = await desembolsarSolicitud(s.id, { clave });
    expect(primera.status).toBe(200);
    expect(segunda.status).toBe(200);
    expect(segunda.body).toEqual(primera.body);
    const otra = await desembolsarSolicitud(s.id, {
      clave,
      body: { canal_desembolso: 'cheque', override_motivo: 'Otra petición distinta' },
    });
    expect(otra.status).toBe(409);
    expect(await creditosDelCliente(cliente.id)).toHaveLength(1);
  });

  it('elige el primer vencimiento dentro de 15 a 45 días; fuera de ese rango es 400', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({ tasa_interes_anual: '24.00' });
    const s = await solicitudAprobada(cliente.id, producto.id, 1_000_000_00, 12);
    const hoy = fechaNegocio(new Date());
    const lejos = await desembolsarSolicitud(s.id, {
      body: { ...DESEMBOLSO_BASE, fecha_primer_vencimiento: sumarDias(hoy, 46) },
    });
    expect(lejos.status).toBe(400);
    expect(lejos.body.details.fecha_primer_vencimiento).toMatch(/entre 15 y 45 días/);
    const cerca = await desembolsarSolicitud(s.id, {
      body: { ...DESEMBOLSO_BASE, fecha_primer_vencimiento: sumarDias(hoy, 10) },
    });
    expect(cerca.status).toBe(400);
    const primer = sumarDias(hoy, 40);
    const ok = await desembolsarSolicitud(s.id, { body: { ...DESEMBOLSO_BASE, fecha_primer_vencimiento: primer } });
    expect(ok.status).toBe(200);
    expect(ok.body.credito.fecha_primer_vencimiento).toBe(primer);
    // the regular schedule from the chosen date (the month rate) for cuotas 2…n; cuota 1 charges its
    // exact days: 1 000 000,00 × 24 % × 40 / 365, half-even to the céntimo (independent BigInt reference)
    const regular = generarCuotas({
      principalCentimos: 1_000_000_00,
      tasaAnual: '24.00',
      plazoMeses: 12,
      fechaDesembolso: hoy,
      fechaPrimerVencimiento: primer,
      metodo: 'cuota_nivelada',
    });
    const num = 1_000_000_00n * 24n * 40n;
    const den = 100n * 365n;
    const q = num / den;
    const r = num - q * den;
    const exacto = Number(2n * r > den || (2n * r === den && q % 2n === 1n) ? q + 1n : q);
    const cuotas = await call(
      listarCuotas,
      apiEvent('listar-cuotas-credito', { caller: ADMIN, params: { id: ok.body.credito.id } }),
    );
    const items = cuotas.body.items as Array<{
      fecha_vencimiento: string;
      monto_capital_centimos: number;
      monto_interes_centimos: number;
      monto_total_centimos: number;
    }>;
    expect(items.map((c) => c.fecha_vencimiento)).toEqual(regular.map((c) => c.fecha_vencimiento));
    expect(items[0]!.monto_interes_centimos).toBe(exacto);
    expect(items[0]!.monto_capital_centimos).toBe(regular[0]!.monto_capital_centimos);
    expect(items.slice(1).map((c) => [c.monto_interes_centimos, c.monto_total_centimos])).toEqual(
      regular.slice(1).map((c) => [c.monto_interes_centimos, c.monto_total_centimos]),
    );
    expect(ok.body.credito).toMatchObject({ interes_primer_periodo_centimos: exacto, comision_formalizacion_centimos: 0 });
  });

  it('con comisión de formalización deducida: el crédito es el monto aprobado, el cliente recibe el neto; el movimiento lo registra', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '3.00',
      comision_formalizacion_modalidad: 'deducida',
    });
    const s = await solicitudAprobada(cliente.id, producto.id, 500_000_00, 12);
    const res = await desembolsarSolicitud(s.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 3 % of ₡500 000 = ₡15 000
    expect(res.body.credito).toMatchObject({
      monto_principal_centimos: 500_000_00,
      comision_formalizacion_centimos: 15_000_00,
      neto_desembolsado_centimos: 485_000_00,
    });
    const movimientos = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `CREDITO#${res.body.credito.id}`, ':p': 'MOV#' },
      }),
    );
    expect(movimientos.Items![0]).toMatchObject({
      tipo_movimiento: 'desembolso',
      monto_centimos: 500_000_00,
      comision_centimos: 15_000_00,
      neto_centimos: 485_000_00,
    });
    expect(await lineaUsada(cliente.id)).toBe(500_000_00);
  });

  it('valida el canal y la cuenta: IBAN CR para transferencia, teléfono para SINPE Móvil', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 300_000_00, 6);
    const con = (body: Record<string, unknown>) =>
      desembolsarSolicitud(s.id, { body: { override_motivo: 'Cliente de prueba', ...body } });
    expect((await con({ canal_desembolso: 'bitcoin' })).status).toBe(400);
    expect((await con({ canal_desembolso: 'transferencia', cuenta_destino: 'CR05015202001026284067' })).body.details).toEqual({
      cuenta_destino: 'Para una transferencia, indique una cuenta IBAN de Costa Rica válida (CR + 20 dígitos)',
    });
    expect((await con({ canal_desembolso: 'sinpe_movil', cuenta_destino: '1234' })).status).toBe(400);
    const ok = await con({ canal: 'sinpe_movil', cuenta_destino: '+506 8888-1234' });
    expect(ok.status).toBe(200);
    expect(ok.body.credito).toMatchObject({ canal_desembolso: 'sinpe_movil', cuenta_destino: '88881234' });
  });

  it('sin score o con KYC pendiente se bloquea (409) salvo excepción con motivo, que queda auditada', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 300_000_00, 6);
    const bloqueado = await desembolsarSolicitud(s.id, { body: { canal_desembolso: 'efectivo' } });
    expect(bloqueado).toMatchObject({ status: 409, body: { success: false, code: 'DESEMBOLSO_BLOQUEADO' } });
    expect(bloqueado.body.error).toMatch(/no tiene score/);
    const corto = await desembolsarSolicitud(s.id, { body: { canal_desembolso: 'efectivo', override_motivo: 'corto' } });
    expect(corto.status).toBe(400);
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
    const motivo = 'Cliente recurrente, KYC en revisión por el banco';
    const ok = await desembolsarSolicitud(s.id, { body: { canal_desembolso: 'efectivo', motivo_excepcion: motivo } });
    expect(ok.status).toBe(200);
    expect((await getItem(keys.solicitud(s.id)))!.motivo_excepcion).toBe(motivo);
    expect((await getItem(keys.credito(ok.body.credito.id)))!.motivo_excepcion).toBe(motivo);
    const actividad = await call(listarActividad, apiEvent('listar-actividad', { caller: ADMIN, query: { limit: '50' } }));
    expect(
      actividad.body.items.some(
        (a: { descripcion: string }) => a.descripcion.includes(s.numero_solicitud) && a.descripcion.includes(motivo),
      ),
    ).toBe(true);
  });

  it('un analista solo desembolsa si la configuración lo permite; con cuatro ojos, quien aprobó no desembolsa', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 200_000_00, 6, { caller: ANALISTA });
    const analista = await desembolsarSolicitud(s.id, { caller: ANALISTA });
    expect(analista.status).toBe(403);
    expect(analista.body.message).toMatch(/Solo un administrador puede desembolsar/);
    await configurar('desembolso_analista', 'true');
    await configurar('maker_checker', 'true');
    try {
      const propio = await desembolsarSolicitud(s.id, { caller: ANALISTA });
      expect(propio).toMatchObject({ status: 409, body: { code: 'MAKER_CHECKER' } });
      expect(propio.body.error).toMatch(/otra persona debe hacer el desembolso/);
      expect((await desembolsarSolicitud(s.id, { caller: ADMIN })).status).toBe(200);
      const otra = await solicitudAprobada(cliente.id, producto.id, 200_000_00, 6, { caller: ADMIN });
      expect((await desembolsarSolicitud(otra.id, { caller: ANALISTA })).status).toBe(200);
    } finally {
      await configurar('desembolso_analista', 'false');
      await configurar('maker_checker', 'false');
    }
  });

  it('20 desembolsos simultáneos de la misma solicitud crean exactamente un crédito', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 800_000_00, 24);
    const results = await Promise.all(Array.from({ length: 20 }, () => desembolsarSolicitud(s.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    const creditos = await creditosDelCliente(cliente.id);
    expect(creditos).toHaveLength(1);
    expect(creditos[0]).toMatchObject({ monto_principal_centimos: 800_000_00, saldo_capital_centimos: 800_000_00 });
    expect(await lineaUsada(cliente.id)).toBe(800_000_00);
    const solicitud = await call(obtener, apiEvent('obtener-solicitud', { caller: ADMIN, params: { id: s.id } }));
    expect(solicitud.body).toMatchObject({ estado: 'desembolsado', credito_id: creditos[0]!.id });
  });

  it('aprobaciones, rechazos y análisis simultáneos: solo uno gana y el estado final es coherente', async () => {
    for (let ronda = 0; ronda < 3; ronda++) {
      const { cliente, caller } = await clienteDelPortal();
      const producto = await nuevoProducto();
      const s = await nuevaSolicitud(cliente.id, producto.id, 300_000_00, 6);
      const llamadas = Array.from({ length: 15 }, (_, i) =>
        i % 3 === 0
          ? aprobarSolicitud(ADMIN, s.id).then((r) => ({
              accion: 'aprobar',
              r,
            }))
          : i % 3 === 1
            ? rechazarSolicitud(ANALISTA, s.id).then((r) => ({
                accion: 'rechazar',
                r,
              }))
            : analizarSolicitud(ANALISTA, s.id).then((r) => ({
                accion: 'analizar',
                r,
              })),
      );
      const results = await Promise.all(llamadas);
      const finales = results.filter((x) => x.r.status === 200 && x.accion !== 'analizar');
      expect(results.filter((x) => x.r.status === 200 && x.accion === 'analizar').length).toBeLessThanOrEqual(1);
      expect(finales.length).toBeLessThanOrEqual(1);
      for (const x of results) expect([200, 409]).toContain(x.r.status);
      const estado = (await getItem(keys.solicitud(s.id)))!.estado;
      const ganador = finales[0]?.accion;
      expect(estado).toBe(ganador === 'aprobar' ? 'aprobado' : ganador === 'rechazar' ? 'rechazado' : 'en_analisis');
      expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
      const titulos = (await notificacionesDe(caller.sub)).map((n) => n.titulo);
      expect(titulos.filter((x) => x === 'Solicitud aprobada' || x === 'Solicitud rechazada')).toHaveLength(ganador ? 1 : 0);
    }
  });

  it('dos solicitudes aprobadas del mismo cliente desembolsadas a la vez que juntas exceden la línea: solo una se desembolsa', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({ monto_maximo_centimos: 3_000_000_00 });
    const a = await solicitudAprobada(cliente.id, producto.id, 2_000_000_00, 12);
    const b = await solicitudAprobada(cliente.id, producto.id, 1_500_000_00, 12);
    const results = await Promise.all([a, b].map((s) => desembolsarSolicitud(s.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('LINEA_EXCEDIDA');
    const creditos = await creditosDelCliente(cliente.id);
    expect(creditos).toHaveLength(1);
    expect(await lineaUsada(cliente.id)).toBe(creditos[0]!.monto_principal_centimos);
  });

  it('no desembolsa si el producto fue desactivado después de la aprobación', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id);
    const { cambiarEstadoProducto } = await import('../productos/store');
    await cambiarEstadoProducto(producto.id, false, {
      userId: 'a',
      email: 'a@x.cr',
      nombre: null,
      apellido: null,
      roles: ['admin'],
      isStaff: true,
    });
    const res = await desembolsarSolicitud(s.id);
    expect(res).toMatchObject({ status: 409, body: { success: false, code: 'PRODUCTO_INACTIVO' } });
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
  });

  it('numera los créditos con una secuencia única aunque se desembolsen muchas solicitudes a la vez', async () => {
    const producto = await nuevoProducto();
    const solicitudes = await Promise.all(
      Array.from({ length: 6 }, async () => nuevaSolicitud((await nuevoCliente()).id, producto.id, 150_000_00, 3)),
    );
    const results = await Promise.all(solicitudes.map((s) => aprobarYDesembolsar(s.id)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const numeros = results.map((r) => r.body.credito.numero_credito as string);
    expect(new Set(numeros).size).toBe(6);
    for (const n of numeros) expect(await getItem(keys.unicoNumeroCredito(n))).toBeTruthy();
    const detalle = await call(
      obtenerCredito,
      apiEvent('obtener-credito', { caller: COBRADOR, params: { id: results[0]!.body.credito.id } }),
    );
    expect(detalle.body).toMatchObject({ progreso_pago: '0.0', producto: { id: producto.id, codigo: producto.codigo } });
  });
});

describe('POST /api/solicitudes/{id}/cancelar', () => {
  it('cancela una aprobación no desembolsada con motivo, auditada y avisada; luego no se desembolsa', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const s = await solicitudAprobada(cliente.id, producto.id, 300_000_00, 6);
    const corto = await cancelarSolicitud(ANALISTA, s.id, { motivo: 'x' });
    expect(corto.status).toBe(400);
    const res = await cancelarSolicitud(ANALISTA, s.id, { motivo: 'El cliente desistió' });
    expect(res).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Aprobación cancelada',
        solicitud: { estado: 'cancelado', motivo_cancelacion: 'El cliente desistió' },
      },
    });
    expect((await getItem(keys.solicitud(s.id)))!).toMatchObject({
      cancelado_por: ANALISTA.sub,
      gsi3pk: 'SOLICITUDES#cancelado',
    });
    const n = (await notificacionesDe(caller.sub)).find((x) => x.titulo === 'Aprobación cancelada');
    expect(n?.mensaje).toBe(`La aprobación de su solicitud ${s.numero_solicitud} fue cancelada. Motivo: El cliente desistió`);
    const tarde = await desembolsarSolicitud(s.id);
    expect(tarde).toMatchObject({ status: 409, body: { success: false } });
    expect(tarde.body.error).toContain('está en estado Cancelado');
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
  });

  it('un crédito ya desembolsado no se puede cancelar por esta vía', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const { solicitud } = await creditoAprobado(cliente.id, producto.id, 200_000_00, 6);
    const res = await cancelarSolicitud(ADMIN, solicitud.id, { motivo: 'Tarde' });
    expect(res).toMatchObject({ status: 409, body: { success: false } });
  });
});

describe('POST /api/solicitudes/{id}/rechazar', () => {
  it('rechaza con el motivo por defecto del UI y avisa al cliente; después ya no se puede aprobar', async () => {
    const { cliente, caller } = await clienteDelPortal();
    const producto = await nuevoProducto();
    const s = await nuevaSolicitud(cliente.id, producto.id);
    const res = await rechazarSolicitud(ANALISTA, s.id);
    expect(res).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Solicitud rechazada',
        solicitud: { estado: 'rechazado', motivo_rechazo: 'Rechazado por el analista' },
      },
    });
    const n = (await notificacionesDe(caller.sub)).find((x) => x.titulo === 'Solicitud rechazada');
    expect(n).toMatchObject({ mensaje: `Su solicitud ${s.numero_solicitud} no fue aprobada. Motivo: Rechazado por el analista` });
    const aprobada = await aprobarSolicitud(ADMIN, s.id);
    expect(aprobada).toMatchObject({ status: 409, body: { success: false } });
    expect(aprobada.body.error).toContain('está en estado Rechazado');
  });

  it('guarda un motivo propio y valida su longitud', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await nuevaSolicitud(cliente.id, producto.id);
    await analizarSolicitud(ANALISTA, s.id);
    const corto = await rechazarSolicitud(ADMIN, s.id, { motivo: 'no' });
    expect(corto).toMatchObject({ status: 400, body: { details: { motivo: 'El motivo debe tener al menos 3 caracteres' } } });
    const largo = await rechazarSolicitud(ADMIN, s.id, { motivo: 'x'.repeat(501) });
    expect(largo.body.details).toEqual({ motivo: 'El motivo no puede superar 500 caracteres' });
    const ok = await rechazarSolicitud(ADMIN, s.id, { motivo: 'Ingresos insuficientes' });
    expect(ok.body.solicitud).toMatchObject({
      estado: 'rechazado',
      motivo_rechazo: 'Ingresos insuficientes',
      score: expect.any(Number),
    });
    const list = await call(
      listar,
      apiEvent('listar-solicitudes', { caller: ADMIN, query: { estado: 'rechazado', limit: '100' } }),
    );
    expect(list.body.items.map((x: { id: string }) => x.id)).toContain(s.id);
  });
});

describe('precio de los términos aprobados: la línea y lo que el producto puede calcular', () => {
  const BASE = {
    nombre: 'Microcrédito de prueba',
    descripcion: null,
    monto_minimo_centimos: 100_000_00,
    monto_maximo_centimos: 3_000_000_00,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 36,
    tasa_interes_anual: '24.00',
  };
  const FINANCIADA = {
    comision_formalizacion_tipo: 'porcentaje',
    comision_formalizacion_valor: '3.00',
    comision_formalizacion_modalidad: 'financiada',
  } as const;

  /** The product's terms changed between approval and disbursement (PUT /api/productos/{id}). */
  async function cambiarProducto(producto: { id: string; codigo: string }, over: Record<string, unknown>) {
    const { actualizarProducto } = await import('../productos/store');
    const { STAFF_ADMIN } = await import('../../../test/lending-fixtures');
    await actualizarProducto(producto.id, { ...BASE, codigo: producto.codigo, ...over } as never, STAFF_ADMIN);
  }

  it('aprobar: la línea debe cubrir el monto aprobado más la comisión financiada (409 LINEA_EXCEDIDA)', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({ ...BASE, ...FINANCIADA });
    const s = await nuevaSolicitud(cliente.id, producto.id, 2_950_000_00, 12);
    // 2 950 000 + 3 % = 3 038 500 > 3 000 000
    const res = await aprobarSolicitud(ADMIN, s.id);
    expect(res).toMatchObject({ status: 409, body: { success: false, code: 'LINEA_EXCEDIDA' } });
    expect(res.body.error).toMatch(/₡\s?3\s038\s500,00.*comisión de formalización financiada de ₡\s?88\s500,00/);
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('enviado');
    // 2 900 000 + 87 000 = 2 987 000 fits
    const ok = await aprobarSolicitud(ADMIN, s.id, { monto_aprobado_centimos: 2_900_000_00 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('desembolsar sin línea previa: una comisión financiada que no cabe es 409 LINEA_EXCEDIDA, la línea no pasa el límite', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto(BASE);
    const s = await solicitudAprobada(cliente.id, producto.id, 2_950_000_00, 12);
    await cambiarProducto(producto, FINANCIADA);
    const res = await desembolsarSolicitud(s.id);
    expect(res, JSON.stringify(res.body)).toMatchObject({ status: 409, body: { code: 'LINEA_EXCEDIDA' } });
    expect(res.body.error).toMatch(/comisión de formalización financiada/);
    expect(await lineaUsada(cliente.id)).toBeNull();
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
  });

  it('desembolsar con línea: una comisión financiada que no cabe es LINEA_EXCEDIDA, no OCUPADO', async () => {
    const cliente = await nuevoCliente();
    const conComision = await nuevoProducto({ ...BASE, ...FINANCIADA });
    const sinComision = await nuevoProducto(BASE);
    // approved while the line is free: 1 990 000 + 59 700 = 2 049 700 fits
    const s = await solicitudAprobada(cliente.id, conComision.id, 1_990_000_00, 12);
    await creditoAprobado(cliente.id, sinComision.id, 1_000_000_00, 12);
    expect(await lineaUsada(cliente.id)).toBe(1_000_000_00);
    // 1 000 000 + 1 990 000 fits the line, 1 000 000 + 2 049 700 does not
    const res = await desembolsarSolicitud(s.id);
    expect(res, JSON.stringify(res.body)).toMatchObject({ status: 409, body: { code: 'LINEA_EXCEDIDA' } });
    expect(await lineaUsada(cliente.id)).toBe(1_000_000_00);
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('aprobado');
  });

  it('aprobar: una comisión deducida que iguala o supera el monto, o un plazo sin cuotas tras la gracia, es 400 en su campo', async () => {
    const cliente = await nuevoCliente();
    const fija = await nuevoProducto({
      ...BASE,
      monto_minimo_centimos: 600_000,
      comision_formalizacion_tipo: 'fija',
      comision_formalizacion_valor: 500_000,
      comision_formalizacion_modalidad: 'deducida',
    });
    const s = await nuevaSolicitud(cliente.id, fija.id, 400_000, 6);
    const monto = await aprobarSolicitud(ADMIN, s.id);
    expect(monto.status).toBe(400);
    expect(monto.body.details).toEqual({
      monto_aprobado_centimos: expect.stringMatching(
        /^La comisión de formalización deducida \(₡\s?5\s000,00\) no deja monto para desembolsar: el monto aprobado \(₡\s?4\s000,00\)/,
      ),
    });
    const gracia = await nuevoProducto({ ...BASE, meses_gracia: 2 });
    const g = await nuevaSolicitud(cliente.id, gracia.id, 400_000_00, 2);
    const plazo = await aprobarSolicitud(ADMIN, g.id);
    expect(plazo.status).toBe(400);
    expect(plazo.body.details).toEqual({
      plazo_meses: 'El plazo (2 meses) debe ser mayor que los meses de gracia del producto (2)',
    });
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('enviado');
    expect((await getItem(keys.solicitud(g.id)))!.estado).toBe('enviado');
  });

  it('desembolsar: si el producto cambió y ya no puede calcular lo aprobado, es 400 en su campo (nunca 500)', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto(BASE);
    const s = await solicitudAprobada(cliente.id, producto.id, 400_000, 2);
    await cambiarProducto(producto, {
      monto_minimo_centimos: 600_000,
      comision_formalizacion_tipo: 'fija',
      comision_formalizacion_valor: 500_000,
      comision_formalizacion_modalidad: 'deducida',
    });
    const monto = await desembolsarSolicitud(s.id);
    expect(monto.status, JSON.stringify(monto.body)).toBe(400);
    expect(Object.keys(monto.body.details)).toEqual(['monto_aprobado_centimos']);
    await cambiarProducto(producto, { comision_formalizacion_tipo: null, meses_gracia: 2 });
    const plazo = await desembolsarSolicitud(s.id);
    expect(plazo.status, JSON.stringify(plazo.body)).toBe(400);
    expect(Object.keys(plazo.body.details)).toEqual(['plazo_meses']);
    expect(await creditosDelCliente(cliente.id)).toHaveLength(0);
    expect((await getItem(keys.solicitud(s.id)))!.estado).toBe('aprobado');
  });

  it('un analista sin permiso de desembolso recibe 403 antes que el 409 del estado', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto();
    const s = await nuevaSolicitud(cliente.id, producto.id, 200_000_00, 6);
    const res = await desembolsarSolicitud(s.id, { caller: ANALISTA });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Solo un administrador puede desembolsar/);
  });
});
