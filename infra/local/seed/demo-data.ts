import { BatchWriteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { sumarDias, type Cliente } from '@cuota/shared';
import type { Caller } from '@cuota/functions/commons/auth';
import { ddb, tableName } from '@cuota/functions/commons/db';
import { ConflictError } from '@cuota/functions/commons/errors';
import { itemFor } from '@cuota/functions/commons/items';
import { nuevaSolicitud } from '@cuota/functions/entities/solicitud';
import { ENTITY, keys } from '@cuota/functions/commons/keys';
import { registrarActividad } from '@cuota/functions/commons/registro';
import { cargarCredito, terminosDe } from '@cuota/functions/handlers/cierre/cartera';
import type { CuotaSaldo, TerminosCredito } from '@cuota/functions/handlers/cierre/domain';
import { recalcularCredito, type PagoValorado } from '@cuota/functions/handlers/cierre/recalculo';
import { ejecutarCierres } from '@cuota/functions/handlers/cierre/store';
import { crearCliente, obtenerCliente } from '@cuota/functions/handlers/clientes/service';
import { clienteIdDeUsuario } from '@cuota/functions/handlers/clientes/store';
import { deudaCredito } from '@cuota/functions/handlers/creditos/deuda';
import { listarNotificaciones, marcarLeida } from '@cuota/functions/handlers/notificaciones/store';
import { aprobarPago, rechazarPago, reportarPago } from '@cuota/functions/handlers/pagos/service';
import { crearProducto, cambiarEstadoProducto } from '@cuota/functions/handlers/productos/store';
import { numeroSolicitud } from '@cuota/functions/handlers/solicitudes/domain';
import {
  aprobarSolicitud,
  analizarSolicitud,
  crearSolicitud,
  desembolsarSolicitud,
  rechazarSolicitud,
} from '@cuota/functions/handlers/solicitudes/service';
import { seedConfiguracion } from './configuracion';
import { conLecturasFijas } from './lecturas-fijas';
import {
  buildDemoClientes,
  canalAleatorio,
  createRng,
  CUENTAS_DEMO,
  demoClienteSemilla,
  fechaNegocio,
  instanteCR,
  planCartera,
  referenciaExterna,
  type Canal,
  type ClienteSemilla,
  type Item,
  type PlanCredito,
  type PlanSolicitud,
  type QuienPlan,
  type Rng,
} from './demo-portfolio';

/** Fixed seeds: the same business date always yields the same scenario. */
export const SEMILLA_CLIENTES = 20_260_101;
export const SEMILLA_CARTERA = 50_600_506;

export interface DemoUserRef {
  userId: string;
  email: string;
  nombre: string;
  apellido: string;
}

export interface SeedDemoOptions {
  now: Date;
  users: {
    cliente: DemoUserRef;
    /** Optional: staff named (with their user ids) in the activity log. */
    admin?: DemoUserRef;
    analista?: DemoUserRef;
    cobrador?: DemoUserRef;
  };
}

export interface SeedDemoSummary {
  clientes: number;
  solicitudes: number;
  creditos: number;
  cuotas: number;
  pagos: number;
  notificaciones: number;
  productos: number;
  /** Settings, payment methods and bank accounts written (absent ones only). */
  configuracion: number;
}

/** How many borrowers' payment histories are driven at once (each one's own in date order). */
const PISCINA = 6;

/** The demo portfolio (below), with the settings and payment methods read once (lecturas-fijas.ts). */
export function seedDemoData(opts: SeedDemoOptions): Promise<SeedDemoSummary> {
  return conLecturasFijas(() => sembrarDemo(opts));
}

/**
 * Writes the demo portfolio to TABLE_NAME (endpoint from the standard AWS_ENDPOINT_URL_DYNAMODB)
 * by running the lending engine's own use cases over the scenario of demo-portfolio.ts, each with
 * the instant it happens at (a business date that moves forward): clients are created, apply, are
 * analysed and approved (the approval disburses on its date), report payments that staff approve
 * with their value date or reject, and the daily close brings every credit to today's close.
 * Only what has no use case is written directly, through the entity mappers: the settings, payment
 * methods and bank accounts (configuracion.ts), applications left as borrador or cancelado, and
 * the staff's sign-ins in the activity log.
 * Safe to re-run for the clients: those that already exist (same email or user) are reused.
 */
async function sembrarDemo(opts: SeedDemoOptions): Promise<SeedDemoSummary> {
  const { now } = opts;
  const hoy = fechaNegocio(now);
  const actores = callers(opts.users);
  let t0 = Date.now();
  const marca = (fase: string) => {
    if (process.env.CUOTA_SEED_DEBUG) console.log(`[seed] ${fase} ${Date.now() - t0} ms`);
    t0 = Date.now();
  };
  const configuracion = await seedConfiguracion(now);

  marca('config');
  // ---- clients (one at a time: every creation updates the same client counters)
  const semillas = buildDemoClientes(now, createRng(SEMILLA_CLIENTES));
  const clientes: Cliente[] = [];
  for (const semilla of semillas) clientes.push(await ensureCliente(semilla));
  const u = opts.users.cliente;
  const existente = await clienteIdDeUsuario(u.userId);
  const demo = (existente && (await obtenerCliente(existente))) || (await ensureCliente(demoClienteSemilla(now, u)));
  const quien = (q: QuienPlan) => (q === 'demo' ? demo : clientes[q]!);
  const solicitante = (q: QuienPlan) => (q === 'demo' ? actores.demo : actores.analista);

  marca('clientes');
  // ---- products, as the administrator created them
  const rng = createRng(SEMILLA_CARTERA);
  const plan = planCartera(now, rng, semillas);
  const productos = new Map<string, string>();
  for (const p of plan.productos) {
    const { creado, activo: _activo, ...campos } = p;
    productos.set(p.codigo, (await crearProducto(campos, actores.admin, creado)).id);
  }

  marca('productos');
  // ---- each client's history in date order (applies, is approved, pays or stops paying);
  // clients are independent of each other, so a few histories run at once
  const pagador = new Pagador(actores, now);
  const creditos: Array<{ plan: PlanCredito; id: string; rng: Rng }> = [];
  const porCliente = new Map<QuienPlan, PlanCredito[]>();
  for (const c of plan.creditos) porCliente.set(c.cliente, [...(porCliente.get(c.cliente) ?? []), c]);
  await enPiscina([...porCliente.entries()], PISCINA, async ([q, planes]) => {
    const cliente = quien(q);
    /** Payments still to make on this client's credits: [fecha, credito, referencia]. */
    const pendientes: Array<{ fecha: string; id: string; rng: Rng; ref: string }> = [];
    const pagarHasta = async (antesDe: string) => {
      pendientes.sort((a, b) => a.fecha.localeCompare(b.fecha));
      while (pendientes.length > 0 && pendientes[0]!.fecha < antesDe) {
        const x = pendientes.shift()!;
        const pago = await pagador.reportar(
          x.id,
          cliente,
          q,
          x.fecha,
          en(x.rng, x.fecha, now),
          canalAleatorio(x.rng),
          x.rng,
          x.ref,
        );
        await pagador.aprobar(pago, x.fecha, x.rng);
      }
    };
    for (const c of planes) {
      const r = createRng(c.semilla);
      const desdeCliente = new Date(Date.parse(cliente.created_at) + 3_600_000);
      const creada = maximo(en(r, c.solicitud, now), desdeCliente);
      await pagarHasta(fechaNegocio(creada));
      const s = await crearSolicitud(
        {
          clienteId: cliente.id,
          productoId: productos.get(c.producto)!,
          montoCentimos: c.principal,
          plazoMeses: c.plazo,
          origen: q === 'demo' ? 'portal' : 'staff',
        },
        solicitante(q),
        creada,
      );
      await analizarSolicitud(s.id, actores.analista, despues(r, creada, 30, 240, now));
      // approved by the analyst, then disbursed by the administrator the same morning
      const desembolso = en(r, c.desembolso, now, 9, 15);
      await aprobarSolicitud(s.id, {}, actores.analista, new Date(desembolso.getTime() - 60_000));
      const { credito } = (
        await desembolsarSolicitud(
          s.id,
          { canal_desembolso: 'efectivo', override_motivo: 'Cliente de la demostración: KYC en trámite' },
          actores.admin,
          `seed-${s.id}`,
          desembolso,
        )
      ).respuesta;
      creditos.push({ plan: c, id: credito.id, rng: r });
      pendientes.push(
        ...fechasDePago(c, (await pagador.libro(credito.id)).cuotas, hoy, r).map((x) => ({
          ...x,
          id: credito.id,
          rng: r,
          ref: `${credito.numero_credito.slice(-3)}${x.ref}`,
        })),
      );
    }
    await pagarHasta(hoy);
  });
  // histories finish in any order: the plan's date, then its seed, then its place in the scenario (two
  // plans may draw one seed) give every run the same order, so the same credit gets the rejected deposit
  const lugar = new Map(plan.creditos.map((c, k) => [c, k]));
  creditos.sort(
    (a, b) =>
      a.plan.desembolso.localeCompare(b.plan.desembolso) ||
      a.plan.semilla - b.plan.semilla ||
      lugar.get(a.plan)! - lugar.get(b.plan)!,
  );

  marca('pagos');
  // ---- reported payments the bank could not match, rejected the next day
  const porObjetivo = (objetivo: string, demoTambien = false) =>
    creditos.filter((x) => x.plan.objetivo === objetivo && (demoTambien || x.plan.cliente !== 'demo'));
  const demoVencido = creditos.find((x) => x.plan.cliente === 'demo' && x.plan.objetivo === 'vencido')!;
  const demoAlDia = creditos.find((x) => x.plan.cliente === 'demo' && x.plan.objetivo === 'al_dia')!;
  const [v1, v2] = porObjetivo('vencido');
  const atrasoDemo = (await cargarCredito(demoVencido.id))!.cuotas.find((q) => !q.pagada)!;
  const diasRechazo = Math.max(2, Math.round((Date.parse(hoy) - Date.parse(atrasoDemo.fecha_vencimiento)) / 86_400_000) - 3);
  for (const [x, dias, canal] of [
    [demoVencido, diasRechazo, 'sinpe_movil'],
    [v2!, 9, 'deposito'],
  ] as const) {
    const fecha = sumarDias(hoy, -dias);
    const reportado = en(x.rng, fecha, now);
    const pago = await pagador.reportar(x.id, quien(x.plan.cliente), x.plan.cliente, fecha, reportado, canal, x.rng, `R${dias}`);
    await rechazarPago(
      pago.id,
      'La referencia no aparece en el estado de cuenta del banco',
      actores.cobrador,
      despues(x.rng, reportado, 18 * 60, 26 * 60, now),
    );
  }

  marca('rechazos');
  // ---- the daily close of today: every credit as of today's close (the stack's next close is tomorrow's)
  const cierre = await ejecutarCierres(hoy, { now });
  const conError = cierre.fechas.flatMap((f) => f.creditos_con_error);
  if (cierre.pendientes > 0 || conError.length > 0)
    throw new Error(`cierre de la cartera demo incompleto: ${JSON.stringify(cierre)}`);

  marca('cierre');
  // ---- payments reported in the last two days and still awaiting reconciliation
  const alDia = porObjetivo('al_dia');
  for (const [x, horas, canal] of [
    [demoAlDia, 20, 'sinpe_movil'],
    [v1!, 5, 'transferencia'],
    [v2!, 30, 'deposito'],
    [alDia.at(-1)!, 3, 'transferencia'],
    [porObjetivo('vigente')[0]!, 44, 'sinpe_movil'],
  ] as const) {
    let reportado = new Date(now.getTime() - horas * 3_600_000 - x.rng.int(0, 59) * 60_000);
    if (fechaNegocio(reportado) < x.plan.desembolso) reportado = en(x.rng, x.plan.desembolso, now, 16, 17);
    await pagador.reportar(
      x.id,
      quien(x.plan.cliente),
      x.plan.cliente,
      fechaNegocio(reportado),
      reportado,
      canal,
      x.rng,
      `P${horas}`,
    );
  }

  marca('reportes');
  // ---- a few early payments made and reconciled today ("pagos recibidos hoy")
  const inicioHoy = instanteCR(hoy, 0, 1).getTime();
  for (const x of alDia.slice(0, 2)) {
    const reportado = new Date(
      Math.max(now.getTime() - x.rng.int(45, 240) * 60_000, Math.min(now.getTime() - 120_000, inicioHoy)),
    );
    const fecha = fechaNegocio(reportado);
    const pago = await pagador.reportar(
      x.id,
      quien(x.plan.cliente),
      x.plan.cliente,
      fecha,
      reportado,
      canalAleatorio(x.rng),
      x.rng,
      'H',
    );
    await pagador.aprobar(pago, fecha, x.rng, actores.admin);
  }

  marca('hoy');
  // ---- applications in every other estado
  for (const s of plan.solicitudes)
    await solicitudSinCredito(s, quien(s.cliente), solicitante(s.cliente), productos.get(s.producto)!, actores, rng, now);

  marca('solicitudes');
  await cambiarEstadoProducto(productos.get(plan.productoDesactivado.codigo)!, false, actores.admin, plan.productoDesactivado.en);

  // ---- this morning's sign-ins (what the Cognito trigger records), the newest entries of the log
  for (const [caller, minutos] of [
    [actores.admin, rng.int(40, 60)],
    [actores.analista, rng.int(30, 39)],
    [actores.cobrador, rng.int(20, 29)],
    [actores.demo, rng.int(5, 19)],
  ] as const) {
    await registrarActividad({
      tipo_actividad: 'login',
      descripcion: `Inicio de sesión de ${caller.email}`,
      user_id: caller.userId,
      user_nombre: [caller.nombre, caller.apellido].filter(Boolean).join(' ') || caller.email,
      now: new Date(now.getTime() - minutos * 60_000),
    });
  }

  // ---- the demo customer has read what is older than a week, a little after it arrived
  const semana = now.getTime() - 7 * 86_400_000;
  const { items: avisos } = await listarNotificaciones(u.userId, { limit: 100 });
  for (const n of avisos.filter((x) => !x.leida && Date.parse(x.created_at) < semana)) {
    await marcarLeida(u.userId, n.id, new Date(Date.parse(n.created_at) + rng.int(30, 600) * 60_000));
  }

  marca('final');
  const cartera = await leerCartera();
  return {
    clientes: clientes.length + 1,
    solicitudes: cartera.solicitudes.length,
    creditos: cartera.creditos.length,
    cuotas: cartera.cuotas.length,
    pagos: cartera.pagos.length,
    notificaciones: cartera.notificaciones.length,
    productos: plan.productos.length,
    configuracion,
  };
}

// ---------------------------------------------------------------- who acts

interface Actores {
  admin: Caller;
  analista: Caller;
  cobrador: Caller;
  /** The portal demo customer. */
  demo: Caller;
}

function callers(users: SeedDemoOptions['users']): Actores {
  const staff = (
    u: DemoUserRef | undefined,
    rol: 'admin' | 'analista' | 'cobrador',
    def: Omit<DemoUserRef, 'userId'>,
  ): Caller => {
    const x = u ?? { ...def, userId: `demo-${rol}` };
    return { userId: x.userId, email: x.email, nombre: x.nombre, apellido: x.apellido, roles: [rol], isStaff: true };
  };
  const c = users.cliente;
  return {
    admin: staff(users.admin, 'admin', { email: 'admin@demo.cr', nombre: 'Adriana', apellido: 'Vargas' }),
    analista: staff(users.analista, 'analista', { email: 'analista@demo.cr', nombre: 'Luis', apellido: 'Jiménez' }),
    cobrador: staff(users.cobrador, 'cobrador', { email: 'cobrador@demo.cr', nombre: 'Marco', apellido: 'Solano' }),
    demo: { userId: c.userId, email: c.email, nombre: c.nombre, apellido: c.apellido, roles: [], isStaff: false },
  };
}

// ---------------------------------------------------------------- when

/** An instant in office hours on a business date, never later than a moment before `now`. */
function en(rng: Rng, fecha: string, now: Date, desde = 8, hasta = 16): Date {
  const t = instanteCR(fecha, rng.int(desde, hasta), rng.int(0, 59), rng.int(0, 59));
  return t.getTime() < now.getTime() - 60_000 ? t : new Date(now.getTime() - rng.int(2, 40) * 60_000);
}

/** Some minutes after `t`, never later than a moment before `now` (nor before `t`). */
function despues(rng: Rng, t: Date, minMin: number, maxMin: number, now: Date): Date {
  const x = t.getTime() + rng.int(minMin, maxMin) * 60_000;
  return new Date(Math.max(t.getTime() + 1_000, Math.min(x, now.getTime() - 60_000)));
}

const maximo = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

async function enPiscina<T>(xs: readonly T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, xs.length) }, async () => {
      while (next < xs.length) await fn(xs[next++]!);
    }),
  );
}

// ---------------------------------------------------------------- payments

/**
 * When the borrower pays each cuota due before today, as the scenario's behaviour says: al_dia and
 * cancelado pay every one, vencido the first `pagadas`, vigente none yet; a few days early, or
 * (about one in six) a few days late — never the last cuota, whose late mora the report's limit,
 * computed from the stored cuotas, would not take.
 */
function fechasDePago(
  c: PlanCredito,
  cuotas: readonly { numero_cuota: number; fecha_vencimiento: string }[],
  hoy: string,
  r: Rng,
): Array<{ fecha: string; ref: string }> {
  const vencidas = cuotas.filter((q) => q.fecha_vencimiento < hoy);
  const aPagar = c.objetivo === 'vencido' ? vencidas.slice(0, c.pagadas) : c.objetivo === 'vigente' ? [] : vencidas;
  let anterior = sumarDias(c.desembolso, 1);
  return aPagar.map((q) => {
    const ultima = q.numero_cuota === cuotas.length;
    const tarde = !ultima && r.chance(0.18) ? r.int(1, 9) : 0;
    let fecha =
      tarde > 0 && sumarDias(q.fecha_vencimiento, tarde) < hoy
        ? sumarDias(q.fecha_vencimiento, tarde)
        : sumarDias(q.fecha_vencimiento, -r.int(0, 4));
    if (fecha < anterior) fecha = anterior;
    anterior = fecha;
    return { fecha, ref: String(q.numero_cuota).padStart(2, '0') };
  });
}

/** A borrower reports payments and staff approve them, through the payment use cases. */
class Pagador {
  constructor(
    private readonly actores: Actores,
    private readonly now: Date,
  ) {}

  /**
   * Reports what the borrower owes on `fecha` as the engine computes it (the overdue amount with
   * its mora, else the next cuota): the credit recomputed from its schedule and ledger to that date.
   */
  async reportar(
    creditoId: string,
    cliente: Cliente,
    q: QuienPlan,
    fecha: string,
    t: Date,
    canal: Canal,
    rng: Rng,
    ref: string,
  ): Promise<{ id: string; t: Date; creditoId: string; monto: number }> {
    const libro = await this.libro(creditoId);
    const r = recalcularCredito({ cuotas: libro.cuotas, pagos: libro.pagos, terminos: libro.terminos, hasta: fecha });
    const deuda = deudaCredito(r.cuotas, fecha);
    const monto =
      deuda.monto_al_dia_centimos > 0 ? deuda.monto_al_dia_centimos : (deuda.proxima_cuota?.monto_pendiente_centimos ?? 0);
    if (monto <= 0) throw new Error(`demo: nada que pagar en ${libro.numero} el ${fecha}`);
    const { pago } = await reportarPago({
      caller: q === 'demo' ? this.actores.demo : this.actores.cobrador,
      clienteId: cliente.id,
      datos: {
        credito_id: creditoId,
        monto_centimos: monto,
        fecha_pago: fecha,
        canal,
        referencia_pago: `PAGO-${fecha.replaceAll('-', '')}-${ref}`,
        referencia_externa: referenciaExterna(canal, fecha, rng),
      },
      tipo: 'reporte',
      clave: null,
      now: t,
    });
    // the account the customer paid into: the report form has no field for it yet, so the scenario
    // records it on the pago (through its mapper) before anyone processes it
    const cuenta = canal === 'deposito' || rng.chance(0.4) ? CUENTAS_DEMO[1] : CUENTAS_DEMO[0];
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: itemFor.pago({
          ...pago,
          cuenta_destino_id: cuenta.id,
          cuenta_destino: { banco: cuenta.banco, numero_cuenta: cuenta.numero_cuenta },
        }),
        ConditionExpression: 'estado = :registrado',
        ExpressionAttributeValues: { ':registrado': 'registrado' },
      }),
    );
    return { id: pago.id, t, creditoId, monto };
  }

  /** Staff approve the payment some minutes or hours later, with the day it was made as its value date. */
  async aprobar(
    pago: { id: string; t: Date; creditoId: string; monto: number },
    fecha: string,
    rng: Rng,
    quien?: Caller,
  ): Promise<void> {
    const caller = quien ?? (rng.chance(0.5) ? this.actores.cobrador : this.actores.admin);
    await aprobarPago(pago.id, caller, { fechaValor: fecha }, despues(rng, pago.t, 1, 300, this.now));
    const libro = await this.libro(pago.creditoId);
    libro.pagos.push({
      pago_id: pago.id,
      fecha_valor: fecha,
      monto_centimos: pago.monto,
      orden: String(libro.pagos.length).padStart(4, '0'),
    });
  }

  /**
   * What the borrower knows of each credit: its schedule and terms (read once) and the payments
   * approved on it. What is owed on a date is the engine's recalculation of exactly these, so the
   * seed does not read the whole credit back before every payment.
   */
  private readonly libros = new Map<
    string,
    { numero: string; cuotas: CuotaSaldo[]; terminos: TerminosCredito; pagos: PagoValorado[] }
  >();

  async libro(creditoId: string) {
    let libro = this.libros.get(creditoId);
    if (!libro) {
      const cargado = (await cargarCredito(creditoId))!;
      libro = {
        numero: String(cargado.credito.numero_credito),
        cuotas: cargado.cuotas,
        terminos: terminosDe(cargado.credito),
        pagos: [...cargado.pagos],
      };
      this.libros.set(creditoId, libro);
    }
    return libro;
  }
}

// ---------------------------------------------------------------- applications without a credit

/**
 * enviado, en_analisis, rechazado and aprobado (not yet disbursed) through the use cases; borrador (a form the client has not
 * sent) and cancelado (withdrawn) have none, so they are written through the solicitud mapper
 * with their number guard.
 */
async function solicitudSinCredito(
  s: PlanSolicitud,
  cliente: Cliente,
  caller: Caller,
  productoId: string,
  actores: Actores,
  rng: Rng,
  now: Date,
): Promise<void> {
  const datos = {
    clienteId: cliente.id,
    productoId,
    montoCentimos: s.monto,
    plazoMeses: s.plazo,
    origen: s.cliente === 'demo' ? ('portal' as const) : ('staff' as const),
  };
  if (s.estado === 'borrador' || s.estado === 'cancelado') {
    await solicitudDirecta(s, cliente, productoId, caller, rng);
    return;
  }
  const creada = await crearSolicitud(datos, caller, s.creada);
  if (s.estado === 'enviado') return;
  const analizada = despues(rng, s.creada, 240, 1800, now);
  await analizarSolicitud(creada.id, actores.analista, analizada);
  if (s.estado === 'rechazado')
    await rechazarSolicitud(creada.id, s.motivo ?? '', actores.analista, despues(rng, analizada, 60, 1440, now));
  if (s.estado === 'aprobado') await aprobarSolicitud(creada.id, {}, actores.analista, despues(rng, analizada, 60, 1440, now));
}

async function solicitudDirecta(s: PlanSolicitud, cliente: Cliente, productoId: string, caller: Caller, rng: Rng): Promise<void> {
  const producto = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.producto(productoId) }));
  const created_at = s.creada.toISOString();
  const id = ulidEn(s.creada, rng);
  for (let intento = 0; ; intento++) {
    const numero = numeroSolicitud(fechaNegocio(s.creada).slice(0, 4), intento, () => rng.next());
    try {
      await ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.unicoNumeroSolicitud(numero), tipo: ENTITY.unico, solicitud_id: id },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException' && intento < 10) continue;
      throw error;
    }
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: itemFor.solicitud(
          nuevaSolicitud({
            id,
            numero_solicitud: numero,
            cliente,
            producto: { id: productoId, nombre: String(producto.Item?.nombre ?? '') },
            montoCentimos: s.monto,
            plazoMeses: s.plazo,
            estado: s.estado,
            origen: s.cliente === 'demo' ? 'portal' : 'staff',
            creadoPor: caller.userId,
            createdAt: created_at,
          }),
        ),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return;
  }
}

/** A ULID at `t` with the scenario's randomness (the same scenario, the same ids). */
function ulidEn(t: Date, rng: Rng): string {
  const alfabeto = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let tiempo = t.getTime();
  let s = '';
  for (let i = 0; i < 10; i++) {
    s = alfabeto[tiempo % 32]! + s;
    tiempo = Math.floor(tiempo / 32);
  }
  for (let i = 0; i < 16; i++) s += alfabeto[rng.int(0, 31)]!;
  return s;
}

async function ensureCliente({ datos, creadoEn }: ClienteSemilla): Promise<Cliente> {
  try {
    return await crearCliente(datos, creadoEn);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const guard = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.unicoEmail(datos.email) }));
    const found = guard.Item ? await obtenerCliente(String(guard.Item.cliente_id)) : null;
    if (!found) throw error;
    return found;
  }
}

// ---------------------------------------------------------------- reading it back

export interface CarteraLeida {
  clientes: Item[];
  productos: Item[];
  solicitudes: Item[];
  creditos: Item[];
  cuotas: Item[];
  pagos: Item[];
  movimientos: Item[];
  lineas: Item[];
  notificaciones: Item[];
  actividades: Item[];
}

/** Every item of the demo portfolio as stored (a scan of the table, grouped by entity type). */
export async function leerCartera(): Promise<CarteraLeida> {
  const out: CarteraLeida = {
    clientes: [],
    productos: [],
    solicitudes: [],
    creditos: [],
    cuotas: [],
    pagos: [],
    movimientos: [],
    lineas: [],
    notificaciones: [],
    actividades: [],
  };
  const grupo: Record<string, keyof CarteraLeida> = {
    [ENTITY.cliente]: 'clientes',
    [ENTITY.producto]: 'productos',
    [ENTITY.solicitud]: 'solicitudes',
    [ENTITY.credito]: 'creditos',
    [ENTITY.cuota]: 'cuotas',
    [ENTITY.pago]: 'pagos',
    [ENTITY.movimiento]: 'movimientos',
    [ENTITY.lineaCredito]: 'lineas',
    [ENTITY.notificacion]: 'notificaciones',
    [ENTITY.actividad]: 'actividades',
  };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of (page.Items ?? []) as Item[]) {
      const g = grupo[item.tipo];
      if (g) out[g].push(item);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

// ---------------------------------------------------------------- bulk writes (bench)

const BATCH = 25;
const PARALLEL = 8;

/** BatchWriteItem in chunks of 25, a few chunks in flight, retrying UnprocessedItems with back-off. */
export async function batchPut(items: Item[]): Promise<void> {
  const table = tableName();
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let pending: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']> = {
        [table]: chunk.map((Item) => ({ PutRequest: { Item } })),
      };
      for (let attempt = 0; Object.keys(pending).length > 0; attempt++) {
        if (attempt > 0) {
          if (attempt > 8) throw new Error('BatchWriteItem: elementos sin procesar tras 8 reintentos');
          await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
        }
        const out = await ddb.send(new BatchWriteCommand({ RequestItems: pending }));
        pending = (out.UnprocessedItems ?? {}) as typeof pending;
        for (const [k, v] of Object.entries(pending)) if (!v || v.length === 0) delete pending[k];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
}
