import { formatCRC, type Gestion, type GestionNueva, type Page, type Promesa, type PromesaNueva } from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { gestionesTexts } from '@cuota/shared/texts/gestiones';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { actividadPut, notificacionPut } from '#commons/registro';
import { conReintentos, escribirTransaccion, INTENTOS, type Elemento } from '#commons/transaccion';
import { creditoAApi, type CreditoGuardado } from '#entities/credito';
import { promesaAbiertaDe, type PromesaAbierta } from '#entities/gestion';
import { obtenerCliente } from '#features/clientes/index';
import {
  cargarCredito,
  creditoUpdate,
  fechaHoy,
  maximoAplicable,
  resolverPromesa,
  type CreditoCargado,
} from '#features/cierre/index';
import { obtenerCreditoExistente } from '#features/creditos/index';
import { unaVez } from '#features/pagos/index';
import { admitePromesa, ddmmaaaa, rangoPromesa } from './domain';
import { gestionNueva, leerGestiones, leerPromesas, promesaNueva } from './store';

/**
 * Collections work on a credit: the contact log (gestiones) and payment promises. The engine's
 * side of a promise (kept or broken at its date) is in cierre/promesas.ts.
 */

const t = gestionesTexts;
const nombreCliente = (c: CreditoGuardado) => [c.cliente_nombre, c.cliente_apellido].filter(Boolean).join(' ');

export async function listarGestiones(creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Gestion>> {
  await obtenerCreditoExistente(creditoId);
  return leerGestiones(creditoId, opts);
}

export async function listarPromesas(creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Promesa>> {
  await obtenerCreditoExistente(creditoId);
  return leerPromesas(creditoId, opts);
}

/**
 * A contact with the customer: the log entry and its activity entry, in one transaction. With an
 * Idempotency-Key (the screen sends one per form submission) a repeated request logs it once and
 * answers with the first one's entry.
 */
export async function registrarGestion(input: {
  creditoId: string;
  datos: GestionNueva;
  caller: Caller;
  clave?: string | null;
  now?: Date;
}): Promise<Gestion> {
  const now = input.now ?? new Date();
  const credito = await obtenerCreditoExistente(input.creditoId);
  const actor = actorDe(input.caller);
  const gestion: Gestion = {
    id: ulid(now.getTime()),
    credito_id: credito.id,
    ...input.datos,
    registrado_por: actor.user_id,
    registrado_por_nombre: actor.user_nombre,
    created_at: now.toISOString(),
  };
  const descripcion = t.actividad.gestion(
    t.tipos[gestion.tipo],
    t.resultados[gestion.resultado],
    credito.numero_credito,
    nombreCliente(credito),
  );
  const ruta = 'registrar-gestion';
  const { respuesta } = await unaVez<Gestion>(
    {
      userId: input.caller.userId,
      clave: input.clave ?? null,
      ruta,
      huella: huella({ ruta, credito_id: credito.id, ...input.datos }),
      now,
    },
    async () => ({
      items: [gestionNueva(gestion), actividadPut({ tipo_actividad: 'create', descripcion, ...actor, now })],
      respuesta: gestion,
    }),
  );
  return respuesta;
}

/**
 * A payment promise. Read the credit, check it (in the active portfolio; a date from today to +30 days; an
 * unpaid cuota due by that date; an amount the credit can take today), then in one transaction
 * conditional on the credit's version: the promise, the open one (if any) closed as reemplazada,
 * the credit's open promise and a cleared alert, an activity entry and the customer's notification.
 */
export async function registrarPromesa(input: {
  creditoId: string;
  datos: PromesaNueva;
  caller: Caller;
  now?: Date;
}): Promise<Promesa> {
  const now = input.now ?? new Date();
  return conReintentos(
    async () => {
      const [cargado, hoy] = await Promise.all([cargarCredito(input.creditoId), fechaHoy(now)]);
      if (!cargado) throw new NotFoundError(t.creditoNoEncontrado);
      validarPromesa(input.datos, cargado, hoy);
      const actor = actorDe(input.caller);
      const promesa: Promesa = {
        id: ulid(now.getTime()),
        credito_id: String(cargado.credito.id),
        fecha: input.datos.fecha,
        monto_centimos: input.datos.monto_centimos,
        fecha_creacion: hoy,
        estado: 'pendiente',
        pagado_centimos: null,
        resuelta_en: null,
        registrado_por: actor.user_id,
        registrado_por_nombre: actor.user_nombre,
        created_at: now.toISOString(),
      };
      await escribirTransaccion(await efectosDePromesa(cargado, promesa, input.caller, now));
      return promesa;
    },
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
}

function validarPromesa(datos: PromesaNueva, cargado: CreditoCargado, hoy: string): void {
  if (cargado.credito.estado === 'cancelado' || cargado.credito.estado === 'refinanciado')
    throw new ConflictError(t.creditoCancelado, 'CREDITO_CANCELADO');
  if (!enCartera(cargado.credito.estado)) throw new ConflictError(t.creditoFueraDeCartera, 'CREDITO_FUERA_DE_CARTERA');
  const details: Record<string, string> = {};
  const rango = rangoPromesa(hoy);
  if (datos.fecha < rango.desde || datos.fecha > rango.hasta) {
    details.fecha = t.fechaFueraDeRango(ddmmaaaa(rango.desde), ddmmaaaa(rango.hasta));
  }
  const maximo = maximoAplicable(cargado.cuotas, hoy);
  if (datos.monto_centimos > maximo) details.monto_centimos = t.montoExcede(formatCRC(maximo));
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  if (!admitePromesa(cargado.cuotas, datos.fecha)) throw new ConflictError(t.sinAtraso, 'SIN_ATRASO');
}

async function efectosDePromesa(cargado: CreditoCargado, promesa: Promesa, caller: Caller, now: Date): Promise<Elemento[]> {
  const credito = creditoAApi(cargado.credito);
  const previa = promesaAbiertaDe(cargado.credito);
  const abierta: PromesaAbierta = {
    id: promesa.id,
    created_at: promesa.created_at,
    fecha: promesa.fecha,
    fecha_creacion: promesa.fecha_creacion,
    monto_centimos: promesa.monto_centimos,
  };
  const cliente = await obtenerCliente(credito.cliente_id);
  const monto = formatCRC(promesa.monto_centimos);
  return [
    promesaNueva(promesa),
    ...(previa ? [resolverPromesa(credito.id, previa, 'reemplazada', null, now)] : []),
    creditoUpdate(cargado.credito, { promesa_abierta: abierta, promesa_incumplida: null }, now),
    actividadPut({
      tipo_actividad: 'create',
      descripcion: t.actividad.promesa(monto, ddmmaaaa(promesa.fecha), credito.numero_credito, nombreCliente(credito)),
      ...actorDe(caller),
      now,
    }),
    ...(cliente?.user_id
      ? [
          notificacionPut({
            user_id: cliente.user_id,
            tipo: 'payment',
            titulo: t.notificacion.titulo,
            mensaje: t.notificacion.mensaje(monto, ddmmaaaa(promesa.fecha), credito.numero_credito),
            accion_url: '/portal',
            now,
          }),
        ]
      : []),
  ];
}
