import type { AsignacionCobranza, CobranzaPage, CobranzaQuery, ItemCobranza } from '@cuota/shared';
import { cobranzaTexts as t } from '@cuota/shared/texts/cobranza';
import type { Caller } from '#commons/auth';
import { rolesDe } from '#commons/cognito';
import { ConflictError, NotFoundError, TransaccionCancelada, ValidationError } from '#commons/errors';
import { actividadPut } from '#commons/registro';
import { conReintentos, escribirTransaccion } from '#commons/transaccion';
import { particionCobranza } from '#entities/cobranza';
import { normalizeTerm } from '#entities/comun';
import { creditoUpdate, fechaHoy } from '#features/cierre/index';
import { obtenerPerfil } from '#features/perfil/index';
import { bucketDe, diasDeMora, rangoDeVencimientos, totalesDe, tramosDias } from './domain';
import {
  leerClientes,
  leerCobradores,
  leerCreditos,
  leerTotales,
  paginaFusionada,
  registrarCobrador,
  type Consulta,
} from './store';

type Item = Record<string, unknown>;
const texto = (v: unknown) => (typeof v === 'string' && v ? v : null);
const numero = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

/** The worklist page: its partitions' ranges merged, the clients of the page, the view's totals. */
export async function listarCobranza(q: CobranzaQuery): Promise<CobranzaPage> {
  const [fecha, cobradores] = await Promise.all([fechaHoy(), leerCobradores()]);
  const particiones = q.cobrador
    ? [particionCobranza(q.cobrador === 'sin_asignar' ? null : q.cobrador)]
    : [particionCobranza(null), ...Object.keys(cobradores).map(particionCobranza)];
  const consultas = consultasDe(q, particiones, fecha);
  const [pagina, totales] = await Promise.all([
    paginaFusionada(consultas, q.limit, q.cursor),
    leerTotales(q.cobrador ? particiones : null),
  ]);
  const clientes = await leerClientes(pagina.items.map((c) => String(c.cliente_id)));
  return {
    items: pagina.items.map((c) => itemDe(c, clientes.get(String(c.cliente_id)), fecha)),
    nextCursor: pagina.nextCursor,
    fecha,
    totales: totalesDe(totales),
    cobradores: Object.entries(cobradores).map(([id, nombre]) => ({ id, nombre })),
  };
}

/** Días de mora on gsi4 (a bucket is a due-date range); monto vencido on gsi5 (a bucket filters by due date). */
function consultasDe(q: CobranzaQuery, particiones: string[], fecha: string): Consulta[] {
  const nombres: Record<string, string> = {};
  const valores: Record<string, unknown> = {};
  const condiciones: string[] = [];
  if (q.producto) {
    Object.assign(nombres, { '#prod': 'producto_id' });
    Object.assign(valores, { ':prod': q.producto });
    condiciones.push('#prod = :prod');
  }
  if (q.zona) {
    // case- and accent-insensitive, from the start of the zone ('san jose' finds 'San José')
    Object.assign(nombres, { '#zona': 'zona_norm' });
    Object.assign(valores, { ':zona': normalizeTerm(q.zona) });
    condiciones.push('begins_with(#zona, :zona)');
  }
  if (q.orden === 'monto_vencido' && q.bucket) {
    const r = rangoDeVencimientos(q.bucket, fecha);
    Object.assign(nombres, { '#venc': 'proximo_vencimiento' });
    Object.assign(valores, { ':vhasta': r.hasta, ...(r.desde ? { ':vdesde': r.desde } : {}) });
    condiciones.push(r.desde ? '#venc BETWEEN :vdesde AND :vhasta' : '#venc <= :vhasta');
  }
  const filtro = condiciones.length > 0 ? { expresion: condiciones.join(' AND '), nombres, valores } : undefined;
  const tramos = q.orden === 'monto_vencido' ? tramosDias(undefined, fecha) : tramosDias(q.bucket, fecha);
  const indice = q.orden === 'monto_vencido' ? 'gsi5' : 'gsi4';
  return particiones.flatMap((pk) => tramos.map((tramo) => ({ indice, pk, tramo, filtro }) as Consulta));
}

function itemDe(c: Item, cliente: Item | undefined, fecha: string): ItemCobranza {
  const vencimiento = texto(c.proximo_vencimiento);
  const dias = Math.max(1, vencimiento ? diasDeMora(vencimiento, fecha) : numero(c.dias_mora_max));
  const promesa = texto(c.promesa_incumplida);
  return {
    credito_id: String(c.id),
    numero_credito: String(c.numero_credito ?? c.id),
    cliente_id: String(c.cliente_id),
    cliente_nombre: cliente ? `${String(cliente.nombre ?? '')} ${String(cliente.apellido ?? '')}`.trim() : '',
    telefono: texto(cliente?.telefono),
    dias_mora: dias,
    bucket: bucketDe(dias) ?? '1-30',
    monto_vencido_centimos: numero(c.monto_vencido_centimos),
    saldo_capital_centimos: numero(c.saldo_capital_centimos),
    producto_id: texto(c.producto_id),
    producto_nombre: texto(c.producto_nombre),
    zona: texto(c.zona) ?? texto(cliente?.ciudad),
    cobrador_id: texto(c.cobrador_id),
    cobrador_nombre: texto(c.cobrador_nombre),
    alerta: promesa ? 'promesa_incumplida' : null,
    promesa_incumplida: promesa,
  };
}

/**
 * Assigns credits to a cobrador (null unassigns) in ONE transaction (the schema allows at most
 * ASIGNACION_COBRANZA_MAX): each credit's update (conditional on its version, re-read on a
 * conflict) moves it to the cobrador's worklist partition, with the activity entry and the
 * cobrador's registry. A missing credit is a 404 and nothing is assigned.
 */
export async function asignarCobranza(input: AsignacionCobranza, caller: Caller, now = new Date()) {
  const cobrador = input.cobrador_id ? await cobradorValido(input.cobrador_id) : null;
  const ids = [...new Set(input.credito_ids)];
  await conReintentos(
    async () => {
      const creditos = await leerCreditos(ids);
      const faltante = ids.find((_, k) => !creditos[k]);
      if (faltante) throw new NotFoundError(t.creditoNoEncontrado(faltante));
      const clientes = await leerClientes(creditos.map((c) => String(c!.cliente_id)));
      const cambios = (c: Item) => ({
        cobrador_id: cobrador?.id ?? null,
        cobrador_nombre: cobrador?.nombre ?? null,
        // credits disbursed before the zone was copied get it here (docs/cobranza.md)
        ...(texto(c.zona) ? {} : { zona: texto(clientes.get(String(c.cliente_id))?.ciudad) }),
      });
      await escribirTransaccion([
        ...creditos.map((c) => creditoUpdate(c!, cambios(c!), now)),
        ...registroDeAsignacion(ids.length, cobrador, caller, now),
      ]);
    },
    {
      intentos: 6,
      reintentar: (e) => e instanceof TransaccionCancelada,
      siAgota: () => new ConflictError(t.loadError, 'CREDITO_OCUPADO'),
    },
  );
  return { asignados: ids.length, cobrador_id: cobrador?.id ?? null };
}

function registroDeAsignacion(n: number, cobrador: { id: string; nombre: string } | null, caller: Caller, now: Date) {
  const actividad = actividadPut({
    tipo_actividad: 'update',
    descripcion: cobrador ? t.actividadAsignacion(n, cobrador.nombre) : t.actividadDesasignacion(n),
    user_id: caller.userId,
    user_nombre: [caller.nombre, caller.apellido].filter(Boolean).join(' ') || caller.email,
    now,
  });
  return cobrador ? [actividad, registrarCobrador(cobrador.id, cobrador.nombre)] : [actividad];
}

/** A staff user with the cobrador role (its profile names it); anything else is a 400 on cobrador_id. */
async function cobradorValido(id: string): Promise<{ id: string; nombre: string }> {
  const perfil = await obtenerPerfil(id);
  const roles = perfil ? ((await rolesDe(id)) ?? (await rolesDe(perfil.email))) : null;
  if (!perfil || !roles?.includes('cobrador')) throw new ValidationError({ cobrador_id: t.cobradorInvalido });
  return { id, nombre: `${perfil.nombre} ${perfil.apellido}`.trim() };
}
