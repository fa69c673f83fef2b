/**
 * Comunicación's writes as operations of commons/transaccion (escribirTransaccion / escribirUna):
 * campaigns and their send lease, recipients' claims, segment membership and mass-push records.
 * Each builds one conditional action; the use cases (service.ts, envio*.ts, push-masivo.ts) say
 * which error a failed condition means.
 */
import type { Campana, Segmento } from '@cuota/shared';
import { comunicacionTexts as t } from '@cuota/shared/texts/comunicacion';
import { ulid } from 'ulid';
import { notificacionPut } from '#commons/registro';
import { actualizar, borrar, conError, put, type Operacion, type SiFalla } from '#commons/transaccion';
import { aggKeys, claveMarcaSegmentos } from '#entities/agregados';
import { claveCampana, itemCampana, particionCampanasEnviando } from '#entities/campana';
import { claveCampanaDestinatario, itemReclamo } from '#entities/campana-destinatario';
import { itemEnvioMasivo, type EnvioMasivoItem } from '#entities/envio-masivo';
import { claveSegmentoMiembro, itemMiembro } from '#entities/segmento-miembro';

type Clave = { pk: string; sk: string };

// ---------------------------------------------------------------- campaigns

export const crearCampanaOp = (c: Campana): Operacion => put(itemCampana(c), { condicion: 'attribute_not_exists(pk)' });

/** borrador/enviando/error → enviando with a new despacho token (the stream starts the sender); on the estado read. */
export const enviarCampanaOp = (id: string, visto: Campana['estado'], total: number, now: Date, siFalla: SiFalla): Operacion =>
  actualizar(
    claveCampana(id),
    'SET estado = :enviando, despacho = :despacho, total_destinatarios = :total, iniciado_en = if_not_exists(iniciado_en, :ahora), ' +
      'gsi3pk = :gsi3pk, gsi3sk = if_not_exists(lease_hasta, :ahora) REMOVE error_envio',
    {
      condicion: 'estado = :estado',
      valores: {
        ':enviando': 'enviando',
        ':despacho': ulid(now.getTime()),
        ':total': total,
        ':ahora': now.toISOString(),
        ':gsi3pk': particionCampanasEnviando(),
        ':estado': visto,
      },
      siFalla,
    },
  );

/** A new despacho on a campaign still enviando whose lease expired before `antes`. */
export const redespacharOp = (id: string, antes: Date, now: Date): Operacion =>
  actualizar(claveCampana(id), 'SET despacho = :d', {
    condicion: 'estado = :enviando AND (attribute_not_exists(lease_hasta) OR lease_hasta < :antes)',
    valores: { ':d': ulid(now.getTime()), ':enviando': 'enviando', ':antes': antes.toISOString() },
  });

/** Takes the lease of an enviando campaign that is free, expired or already ours; the despacho token is consumed. */
export const tomarLeaseOp = (id: string, yo: string, ahora: Date, hasta: string): Operacion =>
  actualizar(claveCampana(id), 'SET lease_owner = :yo, lease_hasta = :hasta, gsi3sk = :hasta REMOVE despacho', {
    condicion: 'estado = :enviando AND (attribute_not_exists(lease_hasta) OR lease_hasta < :ahora OR lease_owner = :yo)',
    valores: { ':yo': yo, ':hasta': hasta, ':ahora': ahora.toISOString(), ':enviando': 'enviando' },
  });

export const extenderLeaseOp = (id: string, yo: string, hasta: string, siFalla: SiFalla): Operacion =>
  actualizar(claveCampana(id), 'SET lease_hasta = :hasta, gsi3sk = :hasta REMOVE despacho', {
    condicion: 'lease_owner = :yo AND estado = :enviando',
    valores: { ':yo': yo, ':hasta': hasta, ':enviando': 'enviando' },
    siFalla,
  });

/** Frees the lease (until `hasta`); `redespachar` sets a new despacho so the stream starts the next run. */
export const cederLeaseOp = (id: string, yo: string, hasta: string, redespachar: boolean): Operacion =>
  actualizar(
    claveCampana(id),
    `SET lease_hasta = :hasta, gsi3sk = :hasta${redespachar ? ', despacho = :d' : ''} REMOVE lease_owner${redespachar ? '' : ', despacho'}`,
    { condicion: 'lease_owner = :yo', valores: { ':yo': yo, ':hasta': hasta, ...(redespachar ? { ':d': ulid() } : {}) } },
  );

export interface Cuenta {
  enviados: number;
  fallidos: number;
  omitidos: number;
}

/**
 * A batch's counters on the campaign, with the cursor (when the page is settled) and either the
 * lease extended to `hasta` or the campaign closed in error; conditional on holding the lease.
 */
export function registrarLoteCampanaOp(
  id: string,
  yo: string,
  cuenta: Cuenta,
  opc: { cursor: string | null; hasta: string; error: string | null },
): Operacion {
  const sets = [
    'enviados = if_not_exists(enviados, :cero) + :e',
    'fallidos = if_not_exists(fallidos, :cero) + :f',
    'omitidos = if_not_exists(omitidos, :cero) + :o',
  ];
  const valores: Record<string, unknown> = {
    ':cero': 0,
    ':e': cuenta.enviados,
    ':f': cuenta.fallidos,
    ':o': cuenta.omitidos,
    ':yo': yo,
    ':enviando': 'enviando',
  };
  let remove = 'despacho';
  if (opc.cursor !== null) {
    sets.push('cursor_envio = :cursor');
    valores[':cursor'] = opc.cursor;
  }
  if (opc.error !== null) {
    sets.push('estado = :error', 'error_envio = :msg');
    Object.assign(valores, { ':error': 'error', ':msg': opc.error });
    remove += ', lease_owner, lease_hasta, gsi3pk, gsi3sk';
  } else {
    sets.push('lease_hasta = :hasta', 'gsi3sk = :hasta');
    valores[':hasta'] = opc.hasta;
  }
  return actualizar(claveCampana(id), `SET ${sets.join(', ')} REMOVE ${remove}`, {
    condicion: 'lease_owner = :yo AND estado = :enviando',
    valores,
  });
}

/** The end of a run: completado or error, lease and index entries removed; conditional on the lease. */
export const finalizarCampanaOp = (
  id: string,
  yo: string,
  estado: 'completado' | 'error',
  ahora: Date,
  siFalla: SiFalla,
): Operacion =>
  actualizar(
    claveCampana(id),
    'SET estado = :estado, completado_en = :ahora REMOVE lease_owner, lease_hasta, gsi3pk, gsi3sk, despacho',
    {
      condicion: 'lease_owner = :yo AND estado = :enviando',
      valores: { ':estado': estado, ':ahora': ahora.toISOString(), ':yo': yo, ':enviando': 'enviando' },
      siFalla,
    },
  );

/** The 'campaign finished' notification for enviado_por (with why it stopped, when SES said). */
export const finalizadaPut = (
  campana: Campana,
  estado: 'completado' | 'error',
  now: Date,
  motivo?: string,
): ReturnType<typeof notificacionPut> =>
  notificacionPut({
    user_id: campana.enviado_por,
    tipo: estado === 'completado' ? 'success' : 'error',
    titulo: estado === 'completado' ? t.finalizadaTitulo : t.fallidaTitulo,
    mensaje:
      estado === 'completado'
        ? t.finalizada(campana.nombre, campana.enviados, campana.total_destinatarios, campana.fallidos, campana.omitidos)
        : [t.fallida(campana.nombre, campana.enviados, campana.total_destinatarios), motivo].filter(Boolean).join(' '),
    accion_url: '/comunicacion',
    now,
  });

// ---------------------------------------------------------------- recipients

export interface Reclamo {
  clienteId: string;
  intento: string;
  reclamadoEn: string;
  email: string | null;
}

export type Final =
  { estado: 'enviado'; messageId: string; porLibro: boolean } | { estado: 'fallido'; error: string } | { estado: 'omitido' };

/** A claim, only if the recipient has none yet. */
export const reclamarOp = (campanaId: string, r: Reclamo): Operacion =>
  put(itemReclamo(campanaId, r), { condicion: 'attribute_not_exists(pk)' });

/** Takes over a dead run's claim (conditional on that run's intento). */
export const retomarReclamoOp = (campanaId: string, ajeno: Reclamo, yo: string, ahora: string, siFalla: SiFalla): Operacion =>
  actualizar(claveCampanaDestinatario(campanaId, ajeno.clienteId), 'SET intento = :yo, reclamado_en = :ahora', {
    condicion: 'estado = :reclamado AND intento = :suyo',
    valores: { ':yo': yo, ':ahora': ahora, ':reclamado': 'reclamado', ':suyo': ajeno.intento },
    siFalla,
  });

const delReclamo = (r: Reclamo) => ({
  condicion: 'estado = :reclamado AND intento = :intento',
  valores: { ':reclamado': 'reclamado', ':intento': r.intento },
});

/** A claim's result, conditional on the claim still being this run's. */
export function resolverReclamoOp(campanaId: string, r: Reclamo, final: Final, ahora: Date): Operacion {
  const { condicion, valores } = delReclamo(r);
  return actualizar(
    claveCampanaDestinatario(campanaId, r.clienteId),
    'SET estado = :estado, resuelto_en = :ahora, message_id = :mid, error_envio = :err, por_libro = :libro',
    {
      condicion,
      valores: {
        ...valores,
        ':estado': final.estado,
        ':ahora': ahora.toISOString(),
        ':mid': final.estado === 'enviado' ? final.messageId : null,
        ':err': final.estado === 'fallido' ? final.error : null,
        ':libro': final.estado === 'enviado' && final.porLibro,
      },
    },
  );
}

/** A claim given back (SES surely did not send it), conditional on it still being this run's. */
export const liberarReclamoOp = (campanaId: string, r: Reclamo): Operacion =>
  borrar(claveCampanaDestinatario(campanaId, r.clienteId), delReclamo(r));

// ---------------------------------------------------------------- segment membership

export const altaMiembroOp = (segmento: Segmento, clienteId: string, now: Date): Operacion =>
  put(itemMiembro(segmento, clienteId, now), { condicion: 'attribute_not_exists(pk)' });

export const bajaMiembroOp = (segmento: Segmento, clienteId: string): Operacion =>
  borrar(claveSegmentoMiembro(segmento, clienteId), { condicion: 'attribute_exists(pk)' });

/** The segment counters moved by `deltas` (none when every delta is 0). */
export function contadorSegmentosOp(deltas: Partial<Record<Segmento, number>>): Operacion[] {
  const campos = Object.entries(deltas).filter(([, d]) => d !== 0);
  if (campos.length === 0) return [];
  return [
    actualizar(aggKeys.segmentos(), `ADD ${campos.map((_, i) => `#s${i} :d${i}`).join(', ')} SET tipo = :t`, {
      nombres: Object.fromEntries(campos.map(([s], i) => [`#s${i}`, s])),
      valores: { ':t': 'agregado', ...Object.fromEntries(campos.map(([, d], i) => [`:d${i}`, d])) },
    }),
  ];
}

/** Touches an existing item (its stream record feeds the segment aggregates). */
export const tocarOp = (clave: Clave, now: Date): Operacion =>
  actualizar(clave, 'SET segmentos_indexado_en = :ahora', {
    condicion: 'attribute_exists(pk)',
    valores: { ':ahora': now.toISOString() },
  });

export const marcaSegmentosOp = (clientes: number, creditos: number, now: Date): Operacion =>
  put({ ...claveMarcaSegmentos(), tipo: 'sistema', clientes, creditos, ejecutado_en: now.toISOString() });

// ---------------------------------------------------------------- mass push records

/** Claims a key's send: only if the key has no record, or its record expired. */
export const reclamarEnvioMasivoOp = (registro: Clave, e: Parameters<typeof itemEnvioMasivo>[1], now: Date): Operacion =>
  put(itemEnvioMasivo(registro, e), {
    condicion: 'attribute_not_exists(pk) OR expira_en <= :ahora',
    valores: { ':ahora': Math.floor(now.getTime() / 1000) },
  });

/** Takes over a send whose lease (as read: `visto`) expired. */
export const retomarEnvioMasivoOp = (previo: EnvioMasivoItem, titular: string, lease: string): Operacion =>
  actualizar({ pk: previo.pk, sk: previo.sk }, 'SET titular = :t, lease_hasta = :l, gsi3sk = :l', {
    condicion: 'estado = :en_curso AND lease_hasta = :visto',
    valores: { ':t': titular, ':l': lease, ':en_curso': 'en_curso', ':visto': previo.lease_hasta },
  });

const delTitular = (titular: string) => ({
  condicion: 'titular = :yo AND estado = :en_curso',
  valores: { ':yo': titular, ':en_curso': 'en_curso' },
});

/** A page written: the cursor, the count and the lease move, under the titular's lease. */
export const avanzarEnvioMasivoOp = (
  registro: Clave,
  titular: string,
  p: { cursor: string | null; enviadas: number; lease: string },
): Operacion =>
  actualizar(registro, 'SET #cursor = :c, enviadas = :n, lease_hasta = :l, gsi3sk = :l', {
    condicion: delTitular(titular).condicion,
    nombres: { '#cursor': 'cursor' },
    valores: { ...delTitular(titular).valores, ':c': p.cursor, ':n': p.enviadas, ':l': p.lease },
  });

export const completarEnvioMasivoOp = (registro: Clave, titular: string, enviadas: number): Operacion =>
  actualizar(registro, 'SET estado = :completo, respuesta = :r, enviadas = :n REMOVE titular, lease_hasta, gsi3pk, gsi3sk', {
    condicion: delTitular(titular).condicion,
    valores: { ...delTitular(titular).valores, ':completo': 'completo', ':r': { enviadas }, ':n': enviadas },
  });

/** A notification put only if absent (its id derives from the send: a resumed send writes only what is missing). */
export const notificacionSiFaltaOp = (n: Parameters<typeof notificacionPut>[0]): Operacion => {
  const { Put } = notificacionPut(n);
  return conError({ Put: { ...Put, ConditionExpression: 'attribute_not_exists(pk)' } });
};
