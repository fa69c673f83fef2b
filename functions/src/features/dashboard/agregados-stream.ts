import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { aplicarLote, zonaHoraria, type CambioEntidad } from './agregados-store';
import { esEntidadAgregada } from './domain';

type Imagen = Record<string, AttributeValue>;
interface Registro {
  eventName?: string;
  dynamodb?: {
    NewImage?: unknown;
    OldImage?: unknown;
    SequenceNumber?: string;
    /** Epoch seconds in a Lambda event; a Date from the SDK's GetRecords (the local poller). */
    ApproximateCreationDateTime?: number | Date | string;
  };
}

function instanteDe(valor: number | Date | string | undefined): Date {
  if (valor instanceof Date) return valor;
  if (typeof valor === 'number') return new Date(valor * 1000);
  if (typeof valor === 'string') return new Date(valor);
  return new Date();
}

/** The entity change a stream record describes, or null for items that feed no aggregate. */
export function cambioDe(registro: Registro): CambioEntidad | null {
  const d = registro.dynamodb;
  if (!d?.SequenceNumber) return null;
  // The entity type is read before unmarshalling: most records (cuotas, index items, the
  // aggregates themselves) feed nothing and are skipped cheaply.
  const tipo = ((d.NewImage ?? d.OldImage) as Imagen | undefined)?.tipo?.S;
  if (!esEntidadAgregada(tipo)) return null;
  const nueva = d.NewImage ? unmarshall(d.NewImage as Imagen) : null;
  const ref = nueva ?? (d.OldImage ? unmarshall(d.OldImage as Imagen) : null);
  if (!ref || typeof ref.id !== 'string') return null;
  return {
    entidad: tipo,
    id: ref.id,
    secuencia: d.SequenceNumber,
    item: registro.eventName === 'REMOVE' ? null : nueva,
    instante: instanteDe(d.ApproximateCreationDateTime),
  };
}

/**
 * DynamoDB Streams consumer: keeps the dashboard aggregates (portfolio, estados, arrears aging,
 * pending solicitudes, payments per day and month, client profile counts, unread notifications
 * per user). Each change is applied exactly once (see aplicarLote / aplicarCambio). An error
 * fails the batch so the event source retries it, and what was already applied is skipped.
 */
export const handler = conObservabilidad('agregados', async (event: DynamoDBStreamEvent): Promise<void> => {
  const cambios = (event.Records as Registro[]).map(cambioDe).filter((c): c is CambioEntidad => c !== null);
  if (cambios.length === 0) return;
  const resumen = await aplicarLote(cambios, await zonaHoraria());
  logger.debug('agregados actualizados', { registros: event.Records.length, ...resumen });
});
