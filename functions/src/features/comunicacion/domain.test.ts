import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { campanaADespachar } from './despachar-campanas';
import {
  cambiosMembresia,
  emailUtilizable,
  esperaReintento,
  estadoFinal,
  idNotificacionMasiva,
  pausaParaTasa,
  personalizar,
  puedeEnviarse,
  segmentosDe,
  tratamientoErrorSes,
} from './domain';
import { entregaDe } from './registrar-entrega';
import { cambiosDeRegistro } from './segmentos-stream';

describe('segmentos de un cliente', () => {
  it('todos mientras existe, activos con un crédito vigente o al día, morosos con uno vencido o con mora', () => {
    expect(segmentosDe({ cliente: 1, creditos_activos: 2, creditos_morosos: 0 })).toEqual({
      todos: true,
      activos: true,
      morosos: false,
    });
    expect(segmentosDe({ cliente: 1, creditos_activos: 0, creditos_morosos: 1 })).toEqual({
      todos: true,
      activos: false,
      morosos: true,
    });
    expect(segmentosDe(null)).toEqual({ todos: false, activos: false, morosos: false });
  });

  it('pide solo los cambios de pertenencia entre la imagen vieja y la nueva', () => {
    expect(
      cambiosMembresia('C1', { cliente: 1, creditos_activos: 1 }, { cliente: 1, creditos_activos: 0, creditos_morosos: 1 }),
    ).toEqual([
      { segmento: 'activos', clienteId: 'C1', miembro: false },
      { segmento: 'morosos', clienteId: 'C1', miembro: true },
    ]);
    expect(cambiosMembresia('C1', { cliente: 1, creditos_activos: 1 }, { cliente: 1, creditos_activos: 2 })).toEqual([]);
    expect(cambiosMembresia('C1', null, { cliente: 1 })).toEqual([{ segmento: 'todos', clienteId: 'C1', miembro: true }]);
    expect(cambiosMembresia('C1', { cliente: 1, creditos_morosos: 1 }, null)).toEqual([
      { segmento: 'todos', clienteId: 'C1', miembro: false },
      { segmento: 'morosos', clienteId: 'C1', miembro: false },
    ]);
  });

  it('el consumidor solo mira los agregados por cliente', () => {
    const registro = (pk: string, vieja: object | null, nueva: object | null, eventName = 'MODIFY') =>
      ({
        eventName,
        dynamodb: {
          Keys: marshall({ pk, sk: 'RESUMEN' }),
          ...(vieja ? { OldImage: marshall({ pk, ...vieja }) } : {}),
          ...(nueva ? { NewImage: marshall({ pk, ...nueva }) } : {}),
        },
      }) as never;
    expect(cambiosDeRegistro(registro('AGG#SEGCLI#C9', null, { cliente: 1, creditos_activos: 1 }, 'INSERT'))).toEqual([
      { segmento: 'todos', clienteId: 'C9', miembro: true },
      { segmento: 'activos', clienteId: 'C9', miembro: true },
    ]);
    expect(cambiosDeRegistro(registro('AGG#CARTERA', null, { cliente: 1 }, 'INSERT'))).toEqual([]);
  });
});

describe('estados de una campaña', () => {
  it('se envía desde borrador y se reanuda desde enviando o error', () => {
    expect(['borrador', 'programado', 'enviando', 'completado', 'error'].filter((e) => puedeEnviarse(e as never))).toEqual([
      'borrador',
      'enviando',
      'error',
    ]);
  });

  it('termina en error solo si nada se pudo enviar y algo falló', () => {
    expect(estadoFinal({ enviados: 0, fallidos: 3 })).toBe('error');
    expect(estadoFinal({ enviados: 1, fallidos: 3 })).toBe('completado');
    expect(estadoFinal({ enviados: 0, fallidos: 0 })).toBe('completado');
  });

  it('el remitente arranca con un despacho nuevo de una campaña en enviando, no con su progreso', () => {
    const img = (o: object) => marshall({ pk: 'CAMPANA#K1', sk: 'CAMPANA', tipo: 'campana', id: 'K1', ...o });
    const rec = (vieja: object | null, nueva: object) =>
      ({
        eventName: vieja ? 'MODIFY' : 'INSERT',
        dynamodb: { NewImage: img(nueva), ...(vieja ? { OldImage: img(vieja) } : {}) },
      }) as never;
    expect(campanaADespachar(rec({ estado: 'borrador' }, { estado: 'enviando', despacho: 'D1' }))).toBe('K1');
    expect(
      campanaADespachar(rec({ estado: 'enviando', despacho: 'D1' }, { estado: 'enviando', despacho: 'D1', enviados: 5 })),
    ).toBeNull();
    expect(campanaADespachar(rec({ estado: 'enviando', despacho: 'D1' }, { estado: 'enviando', despacho: 'D2' }))).toBe('K1');
    expect(campanaADespachar(rec({ estado: 'enviando' }, { estado: 'completado', despacho: 'D3' }))).toBeNull();
  });
});

describe('contenido', () => {
  it('personaliza {nombre} y {apellido}, escapando el HTML', () => {
    expect(
      personalizar(
        { asunto: 'Hola {nombre}', html: '<p>{nombre} {apellido} {otro}</p>', texto: '{nombre}' },
        { nombre: 'Ana <b>', apellido: "O'Neil" },
      ),
    ).toEqual({
      asunto: 'Hola Ana <b>',
      html: '<p>Ana &lt;b&gt; O&#39;Neil {otro}</p>',
      texto: 'Ana <b>',
    });
  });

  it('solo usa direcciones con forma de correo', () => {
    expect(emailUtilizable(' ana@prueba.cr ')).toBe('ana@prueba.cr');
    for (const malo of [null, '', 'ana', 'ana@', 'a b@c.cr', 'ana@prueba']) expect(emailUtilizable(malo)).toBeNull();
  });
});

describe('errores y ritmo de SES', () => {
  it('reintenta el throttling, deja al libro lo incierto y separa fallas de un mensaje de las de la cuenta', () => {
    expect(tratamientoErrorSes('TooManyRequestsException', 429)).toBe('reintentar');
    expect(tratamientoErrorSes('InternalServiceErrorException', 500)).toBe('incierto');
    expect(tratamientoErrorSes('TimeoutError')).toBe('incierto');
    expect(tratamientoErrorSes('Error', undefined, 'ECONNRESET')).toBe('incierto');
    expect(tratamientoErrorSes('BadRequestException', 400)).toBe('fallido');
    expect(tratamientoErrorSes('Otro', 403)).toBe('fallido');
    expect(tratamientoErrorSes('SendingPausedException', 400)).toBe('fatal');
    expect(tratamientoErrorSes('LimitExceededException', 400)).toBe('fatal');
    expect(tratamientoErrorSes('TooManyRequestsException', 429, undefined, 'Daily message quota exceeded.')).toBe('fatal');
    expect(tratamientoErrorSes('Error', undefined, 'ECONNREFUSED')).toBe('fatal');
  });

  it('espera lo que falta para no pasar la tasa, y el back-off crece hasta 5 s', () => {
    expect(pausaParaTasa(14, 300, 14)).toBe(700);
    expect(pausaParaTasa(7, 300, 14)).toBe(200);
    expect(pausaParaTasa(14, 1500, 14)).toBe(0);
    expect(pausaParaTasa(0, 0, 14)).toBe(0);
    expect(esperaReintento(1, 1)).toBe(200);
    expect(esperaReintento(3, 1)).toBe(800);
    expect(esperaReintento(20, 1)).toBe(5000);
    expect(esperaReintento(1, 0)).toBe(100);
  });
});

describe('libro de entregas en AWS', () => {
  it('registra los eventos Send de mensajes de campaña, con sus etiquetas', () => {
    const detalle = {
      eventType: 'Send',
      mail: { messageId: 'M-1', timestamp: '2026-03-10T15:00:00Z', tags: { campana: ['K1'], destinatario: ['C1'] } },
    };
    expect(entregaDe(detalle)).toMatchObject({ pk: 'CAMPANA#K1', sk: 'ENTREGA#C1', message_id: 'M-1', tipo: 'campana-entrega' });
    expect(entregaDe({ ...detalle, eventType: 'Delivery' })).toBeNull();
    expect(entregaDe({ eventType: 'Send', mail: { messageId: 'M-2', tags: {} } })).toBeNull();
  });
});

describe('ids de las notificaciones masivas', () => {
  const envio = '01JD3Y8Z9Q7K2M4N6P8R0S2T4V';

  it('el mismo envío y usuario dan el mismo id; otro usuario u otro envío, otro', () => {
    expect(idNotificacionMasiva(envio, 'u-1')).toBe(idNotificacionMasiva(envio, 'u-1'));
    expect(idNotificacionMasiva(envio, 'u-1')).not.toBe(idNotificacionMasiva(envio, 'u-2'));
    expect(idNotificacionMasiva(envio, 'u-1')).not.toBe(idNotificacionMasiva('01JD3Y8Z9Q7K2M4N6P8R0S2T4W', 'u-1'));
  });

  it('conserva la hora del envío (ordena como un ULID) y es un id válido de la API', () => {
    const id = idNotificacionMasiva(envio, 'u-1');
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(id.slice(0, 10)).toBe(envio.slice(0, 10));
  });

  it('10 000 usuarios de un envío: 10 000 ids distintos', () => {
    const ids = new Set(Array.from({ length: 10_000 }, (_, i) => idNotificacionMasiva(envio, `usuario-${i}`)));
    expect(ids.size).toBe(10_000);
  });
});
