import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { inject } from 'vitest';
import { createTableInput } from '../../infra/local/bootstrap';

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

/**
 * A table of the test's own (same definition), so that aggregates and stream records belong to
 * this test file alone. Points the handlers at it through TABLE_NAME.
 *
 * With `stream: false` the table has no stream: for a file that never reads it. DynamoDB Local
 * keeps every stream record of every table of the process, and every later call, on any table,
 * gets slower as they pile up (a 37-item transaction: 29 ms on a fresh instance, 200 ms after
 * 10 000 items written to tables with streams, 1.6 s after 30 000; without streams it stays
 * flat), so a record nobody reads slows the rest of the suite.
 */
export async function tablaPropia(
  prefijo: string,
  opciones: { stream?: boolean } = {},
): Promise<{ nombre: string; streamArn: string }> {
  const client = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials });
  const nombre = `${prefijo}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const { StreamSpecification, ...sinStream } = createTableInput(nombre);
  const out = await client.send(
    new CreateTableCommand(opciones.stream === false ? sinStream : { ...sinStream, StreamSpecification }),
  );
  process.env.TABLE_NAME = nombre;
  return { nombre, streamArn: out.TableDescription!.LatestStreamArn ?? '' };
}

/** Reads a table's stream like the local poller does: every shard from TRIM_HORIZON, then onwards. */
export class LectorStream {
  private readonly client = new DynamoDBStreamsClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials });
  private readonly iteradores = new Map<string, string | null>();

  constructor(private readonly streamArn: string) {}

  /** Every record written since the previous call, in stream order per shard. */
  async nuevos(): Promise<_Record[]> {
    const desc = await this.client.send(new DescribeStreamCommand({ StreamArn: this.streamArn }));
    for (const shard of desc.StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || this.iteradores.has(shard.ShardId)) continue;
      const it = await this.client.send(
        new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
      );
      this.iteradores.set(shard.ShardId, it.ShardIterator ?? null);
    }
    const registros: _Record[] = [];
    for (const [shard, inicial] of this.iteradores) {
      let iterador = inicial;
      while (iterador) {
        const out = await this.client.send(new GetRecordsCommand({ ShardIterator: iterador, Limit: 1000 }));
        const lote = out.Records ?? [];
        registros.push(...lote);
        iterador = out.NextShardIterator ?? null;
        this.iteradores.set(shard, iterador);
        if (lote.length === 0) break;
      }
    }
    return registros;
  }
}
