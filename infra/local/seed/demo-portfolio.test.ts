import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_LINE_LIMIT_CENTIMOS, cuentaBancariaSchema, metodoPagoSchema, moraDiaria, SOLICITUD_ESTADOS } from '@cuota/shared';
import { stripKeys } from '@cuota/functions/commons/keys';
import { apuntarSdkA, startInMemoryDynamo } from '../dynamo-memory';
import { configuracionItems, METODOS_PAGO_BASE } from './configuracion';
import type { CarteraLeida } from './demo-data';
import { CUENTAS_DEMO, type Item } from './demo-portfolio';

/*
 * The demo portfolio `npm start` loads, produced on a DynamoDB Local of this file's own by the
 * lending engine's use cases, checked against rules the engine does not use to produce it: exact
 * sums in BigInt over the stored items, estados re-derived from the dates, the ledger against the
 * payments, and the engine's own integrity check (problemasDeCredito) on every credit. Also what
 * the end-to-end tests expect of the demo data.
 */

const NOW = new Date();
const usuarios = {
  cliente: { userId: 'demo-cliente-u', email: 'cliente@demo.cr', nombre: 'Carolina', apellido: 'Mora' },
  admin: { userId: 'demo-admin-u', email: 'admin@demo.cr', nombre: 'Adriana', apellido: 'Vargas' },
  analista: { userId: 'demo-analista-u', email: 'analista@demo.cr', nombre: 'Luis', apellido: 'Jiménez' },
  cobrador: { userId: 'demo-cobrador-u', email: 'cobrador@demo.cr', nombre: 'Marco', apellido: 'Solano' },
};

let dynamo: ChildProcess | undefined;
let p: CarteraLeida;
let hoy: string;
let problemasDeCredito: typeof import('@cuota/functions/handlers/cierre/recalculo').problemasDeCredito;
let normalizarCuota: typeof import('@cuota/functions/handlers/cierre/domain').normalizarCuota;

beforeAll(async () => {
  const { child, endpoint } = await startInMemoryDynamo('cuota-demo');
  dynamo = child;
  // the SDK clients are built at module scope: point them at this DynamoDB before loading the engine
  apuntarSdkA(endpoint, 'cuota-demo');
  const { seedDemoData, leerCartera } = await import('./demo-data');
  ({ problemasDeCredito } = await import('@cuota/functions/handlers/cierre/recalculo'));
  ({ normalizarCuota } = await import('@cuota/functions/handlers/cierre/domain'));
  const { fechaNegocio } = await import('./demo-portfolio');
  hoy = fechaNegocio(NOW);
  await seedDemoData({ now: NOW, users: usuarios });
  p = await leerCartera();
}, 240_000);

afterAll(() => {
  dynamo?.kill('SIGKILL');
});

// ---------------------------------------------------------------- independent arithmetic

const B = (v: unknown): bigint => BigInt(typeof v === 'number' ? v : 0);
const suma = <T>(xs: readonly T[], f: (x: T) => unknown): bigint => xs.reduce((t, x) => t + B(f(x)), 0n);
const s = (v: unknown) => String(v);
const n = (v: unknown) => (typeof v === 'number' ? v : 0);
/** Whole days from a to b (YYYY-MM-DD), by the calendar. */
const dias = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const cuotasDe = (id: unknown) =>
  p.cuotas.filter((x) => x.pk === `CREDITO#${s(id)}`).sort((a, b) => n(a.numero_cuota) - n(b.numero_cuota));
const pagosDe = (id: unknown, estado?: string) => p.pagos.filter((x) => x.credito_id === id && (!estado || x.estado === estado));
const movimientosDe = (id: unknown) => p.movimientos.filter((x) => x.credito_id === id && x.tipo_movimiento === 'pago');
/** The business date a credit's stored state is as of (its disbursement until a payment or a close recomputes it). */
const calculado = (c: Item) =>
  [c.fecha_desembolso, c.ultimo_cierre, c.calculado_hasta]
    .filter((x) => typeof x === 'string')
    .map(s)
    .sort()
    .at(-1)!;

describe('cartera de demostración producida por el motor de crédito', () => {
  it('cada crédito: Σ capital de las cuotas = principal, saldos = lo que falta pagar de ellas, en BigInt', () => {
    expect(p.creditos.length).toBe(25);
    for (const c of p.creditos) {
      const cs = cuotasDe(c.id);
      expect(cs.map((x) => x.numero_cuota)).toEqual(Array.from({ length: n(c.plazo_meses) }, (_, k) => k + 1));
      expect(suma(cs, (x) => x.monto_capital_centimos)).toBe(B(c.monto_principal_centimos));
      expect(cs.at(-1)!.saldo_capital_despues_centimos).toBe(0);
      for (const x of cs) expect(B(x.monto_total_centimos)).toBe(B(x.monto_capital_centimos) + B(x.monto_interes_centimos));
      const capitalPendiente = suma(cs, (x) => n(x.monto_capital_centimos) - n(x.pagado_capital_centimos));
      const moraPendiente = suma(cs, (x) => n(x.monto_mora_centimos) - n(x.pagado_mora_centimos));
      expect(B(c.saldo_capital_centimos), s(c.numero_credito)).toBe(capitalPendiente);
      expect(B(c.saldo_mora_centimos), s(c.numero_credito)).toBe(moraPendiente);
      // a cuota is pagada exactly when its capital and interest (less any forgiven) are paid
      for (const x of cs) {
        const cubierta =
          n(x.pagado_capital_centimos) === n(x.monto_capital_centimos) &&
          n(x.pagado_interes_centimos) + n(x.interes_condonado_centimos) === n(x.monto_interes_centimos) &&
          n(x.pagado_mora_centimos) === n(x.monto_mora_centimos);
        expect(x.pagada, `${s(c.numero_credito)} cuota ${n(x.numero_cuota)}`).toBe(cubierta);
      }
    }
  });

  it('línea de crédito usada por cliente = Σ saldo_capital de sus créditos, dentro del límite', () => {
    const porCliente = new Map<string, bigint>();
    for (const c of p.creditos)
      porCliente.set(s(c.cliente_id), (porCliente.get(s(c.cliente_id)) ?? 0n) + B(c.saldo_capital_centimos));
    expect(p.lineas.length).toBe(porCliente.size);
    for (const l of p.lineas) {
      expect(B(l.usado_centimos), s(l.cliente_id)).toBe(porCliente.get(s(l.cliente_id)));
      expect(n(l.usado_centimos)).toBeLessThanOrEqual(CREDIT_LINE_LIMIT_CENTIMOS);
    }
  });

  it('pagos conciliados = movimientos del libro, uno a uno; principal = saldo + capital aplicado; total pagado', () => {
    for (const c of p.creditos) {
      const conciliados = pagosDe(c.id, 'conciliado');
      const libro = movimientosDe(c.id);
      expect(libro.map((m) => m.pago_id).sort()).toEqual(conciliados.map((x) => x.id).sort());
      for (const x of conciliados) {
        const m = libro.find((y) => y.pago_id === x.id)!;
        expect(B(m.monto_centimos)).toBe(B(x.monto_centimos));
        expect(m.fecha_valor).toBe(x.fecha_valor);
        for (const k of ['aplicado_capital_centimos', 'aplicado_interes_centimos', 'aplicado_mora_centimos'])
          expect(m[k]).toBe(x[k]);
        expect(B(x.aplicado_capital_centimos) + B(x.aplicado_interes_centimos) + B(x.aplicado_mora_centimos)).toBe(
          B(x.monto_centimos),
        );
      }
      expect(B(c.monto_principal_centimos)).toBe(B(c.saldo_capital_centimos) + suma(libro, (m) => m.aplicado_capital_centimos));
      expect(B(c.total_pagado_centimos)).toBe(suma(conciliados, (x) => x.monto_centimos));
      // what the cuotas say was paid is what the ledger holds
      const cs = cuotasDe(c.id);
      expect(suma(cs, (x) => n(x.pagado_capital_centimos) + n(x.pagado_interes_centimos) + n(x.pagado_mora_centimos))).toBe(
        suma(libro, (m) => m.monto_centimos),
      );
    }
  });

  it('problemasDeCredito no encuentra nada en ningún crédito', () => {
    for (const c of p.creditos) {
      const pagos = movimientosDe(c.id).map((m) => ({
        pago_id: s(m.pago_id),
        fecha_valor: s(m.fecha_valor),
        monto_centimos: n(m.monto_centimos),
        orden: s(m.id),
      }));
      const cabecera = {
        numero_credito: s(c.numero_credito),
        monto_principal_centimos: n(c.monto_principal_centimos),
        plazo_meses: n(c.plazo_meses),
      };
      expect(problemasDeCredito(cabecera, cuotasDe(c.id).map(normalizarCuota), pagos), s(c.numero_credito)).toEqual([]);
    }
  });

  it('los estados siguen a las fechas: vigente, al día, vencido más allá de la tolerancia, cancelado', () => {
    const porEstado: Record<string, number> = {};
    for (const c of p.creditos) {
      const fecha = calculado(c);
      expect(fecha <= hoy).toBe(true);
      const cs = cuotasDe(c.id);
      const impagas = cs.filter((x) => !x.pagada);
      const atraso = Math.max(0, ...impagas.map((x) => dias(s(x.fecha_vencimiento), fecha)));
      const esperado =
        impagas.length === 0
          ? 'cancelado'
          : atraso > n(c.dias_tolerancia)
            ? 'vencido'
            : s(c.fecha_primer_vencimiento) >= fecha
              ? 'vigente'
              : 'al_dia';
      expect(c.estado, `${s(c.numero_credito)} al ${fecha}`).toBe(esperado);
      expect(c.gsi2pk).toBe(`CREDITOS#${s(c.estado)}`);
      for (const x of impagas) {
        const d = Math.max(0, dias(s(x.fecha_vencimiento), fecha));
        expect(n(x.dias_mora), `${s(c.numero_credito)} cuota ${n(x.numero_cuota)}`).toBe(d);
        // unpaid and untouched since it fell due: one moraDiaria per day on its whole capital
        if (n(x.pagado_capital_centimos) === 0 && n(x.pagado_mora_centimos) === 0 && d > 0) {
          expect(B(x.monto_mora_centimos)).toBe(
            B(moraDiaria(n(x.monto_capital_centimos), s(c.tasa_moratoria_anual))) * BigInt(d),
          );
        }
      }
      if (c.estado === 'cancelado') expect([c.saldo_capital_centimos, c.saldo_mora_centimos]).toEqual([0, 0]);
      porEstado[s(c.estado)] = (porEstado[s(c.estado)] ?? 0) + 1;
    }
    // the e2e dashboard test expects exactly 7 vencidos on a fresh stack
    expect(porEstado).toEqual({ vigente: 4, al_dia: 9, vencido: 7, cancelado: 5 });
    // every aging bucket has a credit in it (1–30, 31–60, 61–90, > 90 days)
    const atrasos = p.creditos.filter((c) => c.estado === 'vencido').map((c) => n(c.dias_mora_max));
    for (const [min, max] of [
      [1, 30],
      [31, 60],
      [61, 90],
      [91, 10_000],
    ] as const)
      expect(atrasos.some((d) => d >= min && d <= max)).toBe(true);
  });

  it('pagos: conciliados con fecha valor, reportados pendientes y rechazados sin mover dinero; cada uno a una cuenta sembrada', () => {
    for (const x of p.pagos) {
      expect(n(x.monto_centimos)).toBeGreaterThan(0);
      if (x.estado === 'conciliado') {
        expect(x.fecha_valor).toBe(x.fecha_pago);
        expect(s(x.conciliado_en) >= s(x.created_at)).toBe(true);
      } else {
        expect([x.aplicado_capital_centimos, x.aplicado_interes_centimos, x.aplicado_mora_centimos]).toEqual([0, 0, 0]);
        expect(x.fecha_valor).toBeNull();
      }
      expect(CUENTAS_DEMO.map((c) => c.id)).toContain(x.cuenta_destino_id);
      expect(s(x.fecha_pago) <= hoy).toBe(true);
    }
    const estados = p.pagos.map((x) => x.estado);
    expect(estados.filter((e) => e === 'registrado').length).toBe(5);
    expect(estados.filter((e) => e === 'revertido').length).toBe(2);
    expect(p.pagos.filter((x) => x.estado === 'conciliado' && x.fecha_pago === hoy).length).toBe(2);
  });

  it('solicitudes en todos los estados, numeradas sin repetir; una desembolsada por crédito; la pendiente más antigua tiene más de 3 días', () => {
    expect(new Set(p.solicitudes.map((x) => x.estado))).toEqual(new Set(SOLICITUD_ESTADOS));
    const numeros = p.solicitudes.map((x) => x.numero_solicitud);
    expect(new Set(numeros).size).toBe(numeros.length);
    for (const x of p.solicitudes) {
      expect(x.numero_solicitud).toMatch(/^SOL-\d{4}-\d{4,}$/);
      expect(x.gsi3pk).toBe(`SOLICITUDES#${s(x.estado)}`);
      const analizada = ['en_analisis', 'aprobado', 'desembolsado', 'rechazado'].includes(s(x.estado));
      expect(x.score !== null && x.analizado_en !== null, s(x.numero_solicitud)).toBe(analizada);
    }
    const desembolsadas = p.solicitudes.filter((x) => x.estado === 'desembolsado');
    expect(desembolsadas.map((x) => x.credito_id).sort()).toEqual(p.creditos.map((c) => c.id).sort());
    // approved and not yet disbursed: no credit
    for (const x of p.solicitudes.filter((y) => y.estado === 'aprobado')) expect(x.credito_id ?? null).toBeNull();
    const creditos = p.creditos.map((c) => s(c.numero_credito));
    expect(new Set(creditos).size).toBe(creditos.length);
    for (const c of creditos) expect(c).toMatch(/^CR-\d{4}-\d{6}$/);
    const pendientes = p.solicitudes
      .filter((x) => x.estado === 'enviado' || x.estado === 'en_analisis')
      .map((x) => Date.parse(s(x.created_at)));
    expect(NOW.getTime() - Math.min(...pendientes)).toBeGreaterThan(3 * 86_400_000);
  });

  it('lo que las pruebas e2e esperan de la clienta demo y de la cartera', () => {
    expect(p.clientes.length).toBe(61);
    const demo = p.clientes.find((c) => c.email === 'cliente@demo.cr')!;
    expect(demo).toMatchObject({ nombre: 'Carolina', apellido: 'Mora', user_id: usuarios.cliente.userId });
    const propios = p.creditos.filter((c) => c.cliente_id === demo.id);
    expect(propios.map((c) => c.estado).sort()).toEqual(['al_dia', 'cancelado', 'vencido']);
    const vencido = propios.find((c) => c.estado === 'vencido')!;
    const impaga = cuotasDe(vencido.id).find((x) => !x.pagada)!;
    expect(n(impaga.dias_mora)).toBeGreaterThanOrEqual(20);
    expect(n(impaga.monto_mora_centimos)).toBeGreaterThan(0);
    const alDia = propios.find((c) => c.estado === 'al_dia')!;
    expect(dias(s(alDia.fecha_desembolso), hoy)).toBeGreaterThan(4);
    expect(pagosDe(alDia.id, 'conciliado').length).toBeGreaterThanOrEqual(2);
    // her line leaves room for the ₡150 000 credits the e2e tests approve
    const usado = p.lineas.find((l) => l.cliente_id === demo.id)!;
    expect(CREDIT_LINE_LIMIT_CENTIMOS - n(usado.usado_centimos)).toBeGreaterThan(1_000_000_00);
    const suyas = p.solicitudes.filter((x) => x.cliente_id === demo.id).map((x) => x.estado);
    expect(suyas).toEqual(expect.arrayContaining(['en_analisis', 'rechazado', 'desembolsado']));
    const avisos = p.notificaciones.filter((x) => x.user_id === usuarios.cliente.userId);
    expect(avisos.some((x) => x.titulo === 'Cuota vencida' || /vencid/i.test(s(x.titulo)))).toBe(true);
    expect(avisos.some((x) => !x.leida)).toBe(true);
    expect(avisos.some((x) => x.leida)).toBe(true);
    // creditos of other clients exist (portal isolation tests)
    expect(p.creditos.some((c) => c.cliente_id !== demo.id)).toBe(true);
    // the activity log's newest entries include the staff's and the customer's sign-ins
    const recientes = [...p.actividades].sort((a, b) => s(b.sk).localeCompare(s(a.sk))).slice(0, 10);
    for (const u of Object.values(usuarios)) expect(recientes.some((a) => a.user_id === u.userId)).toBe(true);
  });

  it('desembolsos y cobros en los meses que grafica el tablero', () => {
    const meses = new Set(p.creditos.map((c) => s(c.fecha_desembolso).slice(0, 7)));
    expect(meses.size).toBeGreaterThanOrEqual(8);
    const cobros = new Set(p.pagos.filter((x) => x.estado === 'conciliado').map((x) => s(x.fecha_pago).slice(0, 7)));
    expect(cobros.size).toBeGreaterThanOrEqual(10);
  });
});

// moved here from configuracion.test.ts: the demo payments are now the engine's, in a table
describe('semilla de configuración frente a los pagos de la demo', () => {
  const items = configuracionItems(NOW);
  const deTipo = (tipo: string) => items.filter((i) => i.tipo === tipo).map((i) => stripKeys(i));

  it('cada pago de la cartera de demostración apunta a una cuenta sembrada con el mismo banco y número', () => {
    const cuentas = new Map(deTipo('cuenta-bancaria').map((c) => [String(c.id), cuentaBancariaSchema.parse(c)]));
    const pagos = p.pagos.filter((x) => x.cuenta_destino_id);
    expect(pagos.length).toBeGreaterThan(0);
    for (const x of pagos) {
      const cuenta = cuentas.get(String(x.cuenta_destino_id));
      expect(cuenta, String(x.cuenta_destino_id)).toBeDefined();
      expect(x.cuenta_destino).toEqual({ banco: cuenta!.banco, numero_cuenta: cuenta!.numero_cuenta });
    }
  });

  it('los métodos reportables cubren los canales de los pagos reportados de la demo; efectivo empieza inactivo', () => {
    const metodos = deTipo('metodo-pago').map((m) => metodoPagoSchema.parse(m));
    expect(metodos).toEqual(METODOS_PAGO_BASE);
    const codigos = new Set(metodos.map((m) => m.codigo));
    for (const canal of new Set(p.pagos.map((x) => String(x.canal)))) {
      if (canal !== 'tarjeta_credito') expect(codigos, canal).toContain(canal);
    }
    expect(metodos.find((m) => m.codigo === 'efectivo')?.activo).toBe(false);
    expect(metodos.find((m) => m.codigo === 'sinpe_movil')?.requiere_referencia).toBe(true);
    const claves = items.map((i) => `${i.pk}|${i.sk}`);
    expect(new Set(claves).size).toBe(claves.length);
  });
});
