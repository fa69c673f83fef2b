import { describe, expect, it } from 'vitest';
import {
  CREDIT_LINE_LIMIT_CENTIMOS,
  creditoSchema,
  cuotaSchema,
  diasEntre,
  moraDiaria,
  pagoSchema,
  productoSchema,
  SOLICITUD_ESTADOS,
  solicitudSchema,
  sumarDias,
  type Cliente,
} from '@cuota/shared';
import { stripKeys } from '@cuota/functions/commons/keys';
import { normalizarCuota, resumenCredito } from '@cuota/functions/handlers/cierre/domain';
import { recalcularCredito } from '@cuota/functions/handlers/cierre/recalculo';
import {
  buildDemoClientes,
  buildDemoPortfolio,
  createRng,
  CUENTAS_DEMO,
  demoClienteSemilla,
  fechaNegocio,
  portfolioItems,
  type Item,
} from './demo-portfolio';

const USER = { userId: 'user-demo', email: 'cliente@demo.cr', nombre: 'Carolina', apellido: 'Mora' };

/** What the writer does, with made-up client ids instead of createCliente's. */
function build(now: Date) {
  const clientes: Cliente[] = buildDemoClientes(now, createRng(1)).map((s, k) => ({
    ...s.datos,
    id: `CLIENTE${String(k).padStart(3, '0')}`,
    created_at: s.creadoEn.toISOString(),
  }));
  const d = demoClienteSemilla(now, USER);
  const demo: Cliente = { ...d.datos, id: 'CLIENTEDEMO', created_at: d.creadoEn.toISOString() };
  const portfolio = buildDemoPortfolio({ now, rng: createRng(2), clientes, demo: { cliente: demo, userId: USER.userId } });
  return { clientes, demo, portfolio, hoy: fechaNegocio(now) };
}

const n = (x: unknown) => x as number;
const s = (x: unknown) => x as string;

// month ends, a leap day, early morning and late evening in Costa Rica (UTC−6)
const FECHAS = [
  '2026-11-22T02:00:00Z',
  '2026-01-31T15:00:00Z',
  '2027-03-01T12:30:00Z',
  '2028-02-29T20:00:00Z',
  '2026-12-31T23:59:00Z',
];

describe.each(FECHAS)('cartera de demostración al %s', (iso) => {
  const now = new Date(iso);
  const { clientes, demo, portfolio: p, hoy } = build(now);
  const cuotasDe = (creditoId: unknown) => p.cuotas.filter((c) => c.credito_id === creditoId);
  const pagosDe = (creditoId: unknown, estado?: string) =>
    p.pagos.filter((x) => x.credito_id === creditoId && (!estado || x.estado === estado));

  it('cumple monto_principal = saldo_capital + Σ aplicado_capital de los pagos conciliados en cada crédito', () => {
    for (const c of p.creditos) {
      const aplicado = pagosDe(c.id, 'conciliado').reduce((t, x) => t + n(x.aplicado_capital_centimos), 0);
      expect(n(c.monto_principal_centimos)).toBe(n(c.saldo_capital_centimos) + aplicado);
    }
  });

  it('cuadra saldos con el calendario: capital y mora de las cuotas no pagadas', () => {
    for (const c of p.creditos) {
      const cs = cuotasDe(c.id);
      expect(cs).toHaveLength(n(c.plazo_meses));
      expect(cs.reduce((t, x) => t + n(x.monto_capital_centimos), 0)).toBe(c.monto_principal_centimos);
      expect(cs.at(-1)!.saldo_capital_despues_centimos).toBe(0);
      const pendientes = cs.filter((x) => !x.pagada);
      expect(pendientes.reduce((t, x) => t + n(x.monto_capital_centimos), 0)).toBe(c.saldo_capital_centimos);
      expect(pendientes.reduce((t, x) => t + n(x.monto_mora_centimos), 0)).toBe(c.saldo_mora_centimos);
      for (const x of cs) expect(x.monto_total_centimos).toBe(n(x.monto_capital_centimos) + n(x.monto_interes_centimos));
      // each paid cuota has exactly one conciliado pago covering it
      const conciliados = pagosDe(c.id, 'conciliado');
      expect(conciliados).toHaveLength(cs.length - pendientes.length);
      for (const x of cs.filter((y) => y.pagada)) {
        expect(
          conciliados.some(
            (pg) =>
              pg.aplicado_capital_centimos === x.monto_capital_centimos &&
              pg.aplicado_interes_centimos === x.monto_interes_centimos &&
              pg.aplicado_mora_centimos === x.monto_mora_centimos,
          ),
        ).toBe(true);
      }
    }
  });

  it('los pagos conciliados aplican exactamente su monto; los demás no mueven dinero', () => {
    for (const x of p.pagos) {
      const aplicado = n(x.aplicado_capital_centimos) + n(x.aplicado_interes_centimos) + n(x.aplicado_mora_centimos);
      if (x.estado === 'conciliado') {
        expect(aplicado).toBe(x.monto_centimos);
        expect(x.fecha_valor).not.toBeNull();
        expect(s(x.conciliado_en) >= s(x.created_at)).toBe(true);
      } else {
        expect(aplicado).toBe(0);
        expect(x.fecha_valor).toBeNull();
      }
      expect(n(x.monto_centimos)).toBeGreaterThan(0);
      expect(CUENTAS_DEMO.map((c) => c.id)).toContain(x.cuenta_destino_id);
      expect(x.gsi1sk).toBe(`PAGO#${s(x.created_at)}#${s(x.id)}`);
    }
    const estados = p.pagos.map((x) => x.estado);
    expect(estados.filter((e) => e === 'registrado').length).toBeGreaterThanOrEqual(3);
    expect(estados.filter((e) => e === 'revertido').length).toBeGreaterThanOrEqual(1);
    expect(p.pagos.some((x) => x.estado === 'conciliado' && x.fecha_pago === hoy)).toBe(true);
  });

  it('los estados siguen al cierre diario: vigente antes del primer vencimiento, al día sin atrasos, vencido más allá de la tolerancia', () => {
    for (const c of p.creditos) {
      const cs = cuotasDe(c.id);
      const atrasadas = cs.filter((x) => !x.pagada && s(x.fecha_vencimiento) < hoy);
      for (const x of cs) {
        if (!x.pagada) expect(x.dias_mora).toBe(s(x.fecha_vencimiento) < hoy ? diasEntre(s(x.fecha_vencimiento), hoy) : 0);
        if (!x.pagada && n(x.dias_mora) > 0) expect(n(x.monto_mora_centimos)).toBeGreaterThan(0);
      }
      switch (c.estado) {
        case 'vigente':
          expect(s(c.fecha_primer_vencimiento) >= hoy).toBe(true);
          expect(s(c.fecha_desembolso) < hoy).toBe(true);
          break;
        case 'al_dia':
          expect(atrasadas).toHaveLength(0);
          expect(s(c.fecha_primer_vencimiento) < hoy).toBe(true);
          expect(n(c.saldo_capital_centimos)).toBeGreaterThan(0);
          break;
        case 'vencido':
          expect(Math.max(...atrasadas.map((x) => n(x.dias_mora)))).toBeGreaterThan(n(c.dias_tolerancia));
          expect(n(c.saldo_mora_centimos)).toBeGreaterThan(0);
          break;
        case 'cancelado':
          expect(c.saldo_capital_centimos).toBe(0);
          expect(c.saldo_mora_centimos).toBe(0);
          expect(cs.every((x) => x.pagada)).toBe(true);
          break;
      }
    }
    const porEstado = p.resumen.creditosPorEstado;
    expect(porEstado.vencido).toBeGreaterThanOrEqual(6);
    expect(porEstado.vencido).toBeLessThanOrEqual(8);
    expect(porEstado.vigente).toBeGreaterThan(0);
    expect(porEstado.al_dia).toBeGreaterThan(0);
    expect(porEstado.cancelado).toBeGreaterThan(0);
    expect(p.creditos.length).toBeGreaterThanOrEqual(20);
  });

  it('coincide con el motor: cada crédito es el recálculo de su calendario y su libro de pagos al día de hoy; mañana devenga un día', () => {
    const manana = sumarDias(hoy, 1);
    for (const c of p.creditos) {
      const cuotas = cuotasDe(c.id).map(normalizarCuota);
      const terminos = {
        fecha_primer_vencimiento: s(c.fecha_primer_vencimiento),
        dias_tolerancia: n(c.dias_tolerancia),
        tasa_moratoria_anual: s(c.tasa_moratoria_anual),
      };
      const libro = p.movimientos
        .filter((m) => m.credito_id === c.id)
        .map((m) => ({
          pago_id: s(m.pago_id),
          fecha_valor: s(m.fecha_valor),
          monto_centimos: n(m.monto_centimos),
          orden: s(m.id),
        }));
      expect(libro).toHaveLength(p.pagos.filter((x) => x.credito_id === c.id && x.estado === 'conciliado').length);
      const r = recalcularCredito({ cuotas, pagos: libro, terminos, hasta: hoy });
      expect(r.cuotas).toEqual(cuotas);
      expect(resumenCredito(cuotas, terminos, hoy)).toEqual({
        saldo_capital_centimos: c.saldo_capital_centimos,
        saldo_mora_centimos: c.saldo_mora_centimos,
        proximo_vencimiento: c.proximo_vencimiento,
        estado: c.estado,
        dias_mora_max: c.dias_mora_max,
        proxima_revision: c.proxima_revision,
      });
      expect(c.ultimo_cierre).toBe(hoy);
      const siguiente = recalcularCredito({ cuotas, pagos: libro, terminos, hasta: manana });
      const vencidas = cuotas.filter((x) => !x.pagada && x.fecha_vencimiento < manana);
      expect(siguiente.moraTotal - r.moraTotal).toBe(
        vencidas.reduce(
          (t, x) => t + moraDiaria(x.monto_capital_centimos - x.pagado_capital_centimos, terminos.tasa_moratoria_anual),
          0,
        ),
      );
    }
  });

  it('tiene solicitudes en todos los estados, numeradas sin repetir, y créditos con número legible único', () => {
    expect(new Set(p.solicitudes.map((x) => x.estado))).toEqual(new Set(SOLICITUD_ESTADOS));
    const numeros = p.solicitudes.map((x) => s(x.numero_solicitud));
    expect(new Set(numeros).size).toBe(numeros.length);
    for (const x of p.solicitudes) {
      expect(x.numero_solicitud).toMatch(/^SOL-\d{4}-\d{4}$/);
      const analizada = ['en_analisis', 'aprobado', 'rechazado'].includes(s(x.estado));
      expect(x.score !== null && x.riesgo_calculado !== null && x.analizado_en !== null).toBe(analizada);
      expect(x.motivo_rechazo).toBe(x.estado === 'rechazado' ? 'Rechazado por el analista' : null);
      expect(x.gsi3pk).toBe(`SOLICITUDES#${s(x.estado)}`);
    }
    expect(p.solicitudes.filter((x) => x.estado === 'aprobado')).toHaveLength(p.creditos.length);
    const creditos = p.creditos.map((c) => s(c.numero_credito));
    expect(new Set(creditos).size).toBe(creditos.length);
    for (const c of creditos) expect(c).toMatch(/^CR-\d{4}-\d{6}$/);
    // 'Solicitudes Antiguas': the oldest pending request is more than 3 days old
    const pendientes = p.solicitudes.filter((x) => x.estado === 'enviado' || x.estado === 'en_analisis');
    const masAntigua = Math.min(...pendientes.map((x) => Date.parse(s(x.created_at))));
    expect(now.getTime() - masAntigua).toBeGreaterThan(3 * 86_400_000);
  });

  it('escribe los índices de la API: línea usada por cliente, secuencia de créditos, guardas de número, búsqueda y total pagado', () => {
    const items = portfolioItems(p);
    const por = (pk: string, sk: string) => items.find((x) => x.pk === pk && x.sk === sk);
    const usado = new Map<string, number>();
    for (const c of p.creditos) {
      usado.set(s(c.cliente_id), (usado.get(s(c.cliente_id)) ?? 0) + n(c.saldo_capital_centimos));
      expect(c.total_pagado_centimos).toBe(pagosDe(c.id, 'conciliado').reduce((t, x) => t + n(x.monto_centimos), 0));
      expect(por(`UNICO#CREDITO_NUMERO#${s(c.numero_credito)}`, 'UNICO')).toMatchObject({ credito_id: c.id });
      expect(items.filter((x) => x.pk.startsWith('BUSQUEDA#CREDITO#') && x.credito_id === c.id).length).toBeGreaterThanOrEqual(4);
      expect(p.solicitudes.find((x) => x.credito_id === c.id)).toMatchObject({
        estado: 'aprobado',
        numero_credito: c.numero_credito,
      });
    }
    for (const [cliente, total] of usado)
      expect(por(`CLIENTE#${cliente}`, 'LINEA')).toMatchObject({ usado_centimos: total, tipo: 'linea-credito' });
    const maximo = Math.max(...p.creditos.map((c) => Number(s(c.numero_credito).slice(-6))));
    expect(por('SECUENCIA#CREDITO', 'SECUENCIA')).toMatchObject({ valor: maximo });
    for (const x of p.solicitudes)
      expect(por(`UNICO#SOLICITUD_NUMERO#${s(x.numero_solicitud)}`, 'UNICO')).toMatchObject({ solicitud_id: x.id });
    for (const c of items.filter((x) => x.tipo === 'credito')) expect(c.gsi2pk).toBe(`CREDITOS#${s(c.estado)}`);
  });

  it('respeta la línea de crédito de ₡3 000 000 por cliente', () => {
    const usado = new Map<string, number>();
    for (const c of p.creditos) usado.set(s(c.cliente_id), (usado.get(s(c.cliente_id)) ?? 0) + n(c.saldo_capital_centimos));
    for (const v of usado.values()) expect(v).toBeLessThanOrEqual(CREDIT_LINE_LIMIT_CENTIMOS);
  });

  it('da al cliente de demostración un crédito en mora, uno al día, uno cancelado, sus solicitudes y notificaciones', () => {
    const propios = p.creditos.filter((c) => c.cliente_id === demo.id);
    expect(propios.map((c) => c.estado).sort()).toEqual(['al_dia', 'cancelado', 'vencido']);
    const vencido = propios.find((c) => c.estado === 'vencido')!;
    const impaga = cuotasDe(vencido.id).find((x) => !x.pagada)!;
    expect(n(impaga.dias_mora)).toBeGreaterThanOrEqual(20);
    expect(n(impaga.dias_mora)).toBeLessThanOrEqual(40);
    expect(n(impaga.monto_mora_centimos)).toBeGreaterThan(0);
    expect(n(vencido.saldo_mora_centimos)).toBeGreaterThan(0);
    const alDia = propios.find((c) => c.estado === 'al_dia')!;
    expect(cuotasDe(alDia.id).filter((x) => x.pagada).length).toBeGreaterThanOrEqual(2);
    expect(pagosDe(alDia.id, 'conciliado').length).toBeGreaterThanOrEqual(2);
    const solicitudes = p.solicitudes.filter((x) => x.cliente_id === demo.id).map((x) => x.estado);
    expect(solicitudes).toEqual(expect.arrayContaining(['en_analisis', 'rechazado']));

    expect(p.notificaciones.length).toBeGreaterThanOrEqual(5);
    expect(p.notificaciones.length).toBeLessThanOrEqual(8);
    for (const x of p.notificaciones) {
      expect(x.tipo).toBe('notificacion');
      expect(['info', 'success', 'warning', 'payment', 'credit']).toContain(x.tipo_notificacion);
      expect(x.pk).toBe(`USUARIO#${USER.userId}`);
      expect(x.leida_en === null).toBe(!x.leida);
    }
    expect(p.notificaciones.some((x) => !x.leida)).toBe(true);
    expect(p.notificaciones.some((x) => x.accion_url === '/portal')).toBe(true);
  });

  it('registra entre 15 y 20 actividades recientes en español', () => {
    expect(p.actividades.length).toBeGreaterThanOrEqual(15);
    expect(p.actividades.length).toBeLessThanOrEqual(20);
    const tipos = new Set(p.actividades.map((x) => x.tipo_actividad));
    for (const t of ['login', 'payment', 'approve', 'reject', 'create', 'update']) expect(tipos).toContain(t);
    for (const x of p.actividades) expect(x.pk).toBe('ACTIVIDAD');
  });

  it('produce elementos válidos: claves únicas, esquemas compartidos, céntimos enteros y nada en el futuro', () => {
    const items = portfolioItems(p);
    const claves = items.map((x) => `${x.pk}|${x.sk}`);
    expect(new Set(claves).size).toBe(claves.length);
    const parse = (schema: { parse: (x: unknown) => unknown }, xs: Item[]) => xs.forEach((x) => schema.parse(stripKeys(x)));
    parse(productoSchema, p.productos);
    parse(solicitudSchema, p.solicitudes);
    parse(creditoSchema, p.creditos);
    parse(cuotaSchema, p.cuotas);
    parse(pagoSchema, p.pagos);
    for (const x of items) {
      expect(typeof x.tipo).toBe('string');
      for (const [k, v] of Object.entries(x)) {
        if (k.endsWith('_centimos')) {
          expect(Number.isSafeInteger(v), `${k}`).toBe(true);
          expect(n(v)).toBeGreaterThanOrEqual(0);
        }
        if (['created_at', 'analizado_en', 'conciliado_en', 'revertido_en', 'leida_en'].includes(k) && v !== null) {
          expect(Date.parse(s(v)), `${k} ${s(v)}`).toBeLessThanOrEqual(now.getTime());
        }
        if (['fecha_pago', 'fecha_valor', 'fecha_desembolso', 'pagada_en'].includes(k) && v !== null) {
          expect(s(v) <= hoy, `${k} ${s(v)}`).toBe(true);
        }
      }
    }
    // clients exist before their requests
    const creado = new Map(clientes.concat(demo).map((c) => [c.id, c.created_at]));
    for (const x of p.solicitudes) expect(s(creado.get(s(x.cliente_id))) < s(x.created_at)).toBe(true);
    expect(p.productos.filter((x) => x.activo === false)).toHaveLength(1);
  });
});

describe('generación de datos de demostración', () => {
  it('es determinista para la misma fecha', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    expect(JSON.stringify(portfolioItems(build(now).portfolio))).toBe(JSON.stringify(portfolioItems(build(now).portfolio)));
  });

  it('genera ~60 clientes costarricenses con cédulas, teléfonos y correos válidos y únicos', () => {
    const now = new Date('2026-11-22T02:00:00Z');
    const semillas = buildDemoClientes(now, createRng(7));
    expect(semillas).toHaveLength(60);
    const datos = semillas.map((x) => x.datos);
    for (const c of datos) {
      if (c.identidad_tipo === 'cedula') expect(c.identidad_numero).toMatch(/^[1-9]\d{8}$/);
      if (c.identidad_tipo === 'dni') expect(c.identidad_numero).toMatch(/^\d{11,12}$/);
      expect(c.telefono).toMatch(/^\+506[678]\d{7}$/);
      expect(c.email).toMatch(/^[a-z0-9.]+@[a-z.]+$/);
      expect(diasEntre(c.fecha_nacimiento!, fechaNegocio(now))).toBeGreaterThan(18 * 365);
      expect(c.direccion!.length).toBeGreaterThanOrEqual(10);
    }
    for (const campo of ['email', 'telefono', 'identidad_numero'] as const) {
      expect(new Set(datos.map((c) => c[campo])).size).toBe(datos.length);
    }
    expect(new Set(datos.map((c) => c.identidad_tipo))).toEqual(new Set(['cedula', 'dni', 'pasaporte']));
    const dias = semillas.map((x) => (now.getTime() - x.creadoEn.getTime()) / 86_400_000);
    expect(dias.filter((d) => d <= 7).length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...dias)).toBeGreaterThan(360);
    expect(Math.max(...dias)).toBeLessThanOrEqual(550);
  });

  it('usa IBAN costarricenses con dígitos de control válidos', () => {
    for (const c of CUENTAS_DEMO) {
      expect(c.numero_cuenta).toMatch(/^CR\d{20}$/);
      const reordenado = `${c.numero_cuenta.slice(4)}1227${c.numero_cuenta.slice(2, 4)}`;
      expect(BigInt(reordenado) % 97n).toBe(1n);
    }
  });
});
