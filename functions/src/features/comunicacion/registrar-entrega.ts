import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { ddb, tableName } from '#commons/db';
import { logger } from '#commons/logger';
import { itemCampanaEntrega, type CampanaEntregaItem } from '#entities/campana-entrega';
import { conObservabilidad } from '#commons/observabilidad';

interface EventoSes {
  eventType?: string;
  mail?: { messageId?: string; timestamp?: string; tags?: Record<string, string[] | undefined> };
}

/** The ledger item of an SES SEND event of a campaign message (tags campana and destinatario), or null. */
export function entregaDe(detalle: EventoSes): CampanaEntregaItem | null {
  if (detalle.eventType !== 'Send') return null;
  const campana = detalle.mail?.tags?.campana?.[0];
  const destinatario = detalle.mail?.tags?.destinatario?.[0];
  if (!campana || !destinatario || !detalle.mail?.messageId) return null;
  return itemCampanaEntrega({
    campanaId: campana,
    clienteId: destinatario,
    messageId: detalle.mail.messageId,
    enviadoEn: detalle.mail.timestamp ?? null,
  });
}

/**
 * The delivery ledger on AWS: the configuration set publishes SEND events to EventBridge, and a
 * rule delivers the campaign ones here. Each becomes an ENTREGA item the sender reads when it must
 * settle a claim whose result was never recorded (envio.ts). Writing it twice is harmless.
 */
export const handler = conObservabilidad(
  'registrar-entrega',
  async (event: EventBridgeEvent<string, EventoSes>): Promise<void> => {
    const item = entregaDe(event.detail);
    if (!item) return;
    await ddb.send(new PutCommand({ TableName: tableName(), Item: item }));
    logger.debug('entrega registrada', { campana: item.campana_id, destinatario: item.cliente_id });
  },
);
