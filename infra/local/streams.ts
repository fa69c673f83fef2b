import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { _Record, AttributeValue } from '@aws-sdk/client-dynamodb-streams';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STREAM_CONSUMERS, type StreamConsumerDef } from '@cuota/functions/manifest';
import { lambdaContext, loadHandler } from './handlers';
import { HOST, LOCAL_DIR, REGION, type Ports } from './settings';

/**
 * DynamoDB Streams → Lambda stand-in: polls every shard of the table's stream and invokes every
 * consumer of the manifest with the batch, as the event source mapping does. The last sequence
 * number per shard is checkpointed under .local/, so a restart resumes where it stopped.
 */
export class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly checkpointFile = join(LOCAL_DIR, 'stream-checkpoints.json');
  private checkpoints: Record<string, string> = {};
  private iterators = new Map<string, string | null>();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private lastDescribe = 0;

  constructor(
    ports: Ports,
    private readonly streamArn: string,
    private readonly intervalMs = 250,
  ) {
    this.client = new DynamoDBStreamsClient({
      region: REGION,
      endpoint: `http://${HOST}:${ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    if (existsSync(this.checkpointFile))
      this.checkpoints = JSON.parse(readFileSync(this.checkpointFile, 'utf8')) as Record<string, string>;
  }

  /**
   * Delivers the backlog (e.g. a fresh seed's records and the records its consumers write in
   * turn) until a pass finds nothing new; the stack says it is ready only after this, so the
   * aggregates and segments the demo data feeds are in place.
   */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const delivered = await this.poll();
      if (delivered === 0) return total;
      total += delivered;
    }
  }

  start(): void {
    const loop = async () => {
      if (this.stopped) return;
      try {
        await this.poll();
      } catch (error) {
        console.error('[streams] error al leer el stream', (error as Error).message);
      }
      if (!this.stopped) this.timer = setTimeout(loop, this.intervalMs);
    };
    void loop();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async shards(): Promise<Shard[]> {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const out = await this.client.send(new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: start }));
      shards.push(...(out.StreamDescription?.Shards ?? []));
      start = out.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  }

  private async iteratorFor(shardId: string): Promise<string | null> {
    const after = this.checkpoints[shardId];
    const out = await this.client.send(
      new GetShardIteratorCommand({
        StreamArn: this.streamArn,
        ShardId: shardId,
        ShardIteratorType: after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
        SequenceNumber: after,
      }),
    );
    return out.ShardIterator ?? null;
  }

  /** One pass over every open shard; returns how many records were delivered. */
  async poll(): Promise<number> {
    if (Date.now() - this.lastDescribe > 2000 || this.iterators.size === 0) {
      this.lastDescribe = Date.now();
      for (const shard of await this.shards()) {
        if (shard.ShardId && !this.iterators.has(shard.ShardId)) {
          this.iterators.set(shard.ShardId, await this.iteratorFor(shard.ShardId));
        }
      }
    }
    let delivered = 0;
    for (const [shardId, iterator] of this.iterators) {
      if (!iterator) continue;
      const out = await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      const records = (out.Records ?? []).map(asLambdaRecord);
      if (records.length > 0) {
        await this.deliver(records);
        this.checkpoints[shardId] = records[records.length - 1]!.dynamodb!.SequenceNumber!;
        // write-then-rename: a stack killed mid-write keeps the previous checkpoint, never a torn file
        writeFileSync(`${this.checkpointFile}.tmp`, JSON.stringify(this.checkpoints));
        renameSync(`${this.checkpointFile}.tmp`, this.checkpointFile);
        delivered += records.length;
      }
      this.iterators.set(shardId, out.NextShardIterator ?? null);
    }
    return delivered;
  }

  /** Per background consumer: the tail of its own queue (its event source mapping on AWS). */
  private readonly queues = new Map<string, Promise<void>>();

  private async deliver(records: _Record[]): Promise<void> {
    for (const consumer of STREAM_CONSUMERS) {
      const batch = consumer.filtro ? records.filter((r) => matchesFilter(consumer.filtro!, r)) : records;
      if (batch.length === 0) continue;
      if (!consumer.background) {
        await this.invoke(consumer, batch);
        continue;
      }
      // A long consumer (the campaign sender) gets its own queue, in order, without holding the
      // others back; a run lost when the stack stops is picked up by its resume job.
      const size = consumer.batchSize ?? batch.length;
      let tail = this.queues.get(consumer.id) ?? Promise.resolve();
      for (let i = 0; i < batch.length; i += size) {
        const part = batch.slice(i, i + size);
        tail = tail.then(() => this.invoke(consumer, part));
      }
      this.queues.set(consumer.id, tail);
    }
  }

  private async invoke(consumer: StreamConsumerDef, records: _Record[]): Promise<void> {
    try {
      const handler = await loadHandler(consumer.handler);
      await handler({ Records: records }, lambdaContext(consumer.id, (consumer.timeoutSeconds ?? 30) * 1000));
    } catch (error) {
      console.error(`[streams] ${consumer.id} falló`, (error as Error).message);
    }
  }
}

/**
 * The subset of Lambda event filtering the manifest uses: a pattern object matched field by
 * field; a leaf is a list of accepted values, `{ prefix }` or `{ exists }` entries.
 */
export function matchesFilter(pattern: Record<string, unknown>, value: unknown): boolean {
  for (const [key, rule] of Object.entries(pattern)) {
    const field = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(rule)) {
      const ok = rule.some((r) => {
        if (r && typeof r === 'object') {
          if ('exists' in r) return (field !== undefined) === (r as { exists: boolean }).exists;
          if ('prefix' in r) return typeof field === 'string' && field.startsWith((r as { prefix: string }).prefix);
          return false;
        }
        return field === r;
      });
      if (!ok) return false;
    } else if (rule && typeof rule === 'object') {
      if (!matchesFilter(rule as Record<string, unknown>, field)) return false;
    } else return false;
  }
  return true;
}

/**
 * The SDK deserializes an empty map attribute (`{"M":{}}`) into an untyped `{}`; the Lambda event
 * source hands the raw JSON over. Restore `{ M: {} }` so consumers see what they would on AWS.
 */
function fixValue(value: AttributeValue): AttributeValue {
  if (value && typeof value === 'object' && Object.keys(value).length === 0) return { M: {} };
  if (value.M) return { M: fixImage(value.M) };
  if (value.L) return { L: value.L.map(fixValue) };
  return value;
}

function fixImage(image: Record<string, AttributeValue> | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(image ?? {})) out[k] = fixValue(v);
  return out;
}

export function asLambdaRecord(record: _Record): _Record {
  const d = record.dynamodb;
  if (!d) return record;
  return {
    ...record,
    dynamodb: {
      ...d,
      ...(d.Keys ? { Keys: fixImage(d.Keys) } : {}),
      ...(d.NewImage ? { NewImage: fixImage(d.NewImage) } : {}),
      ...(d.OldImage ? { OldImage: fixImage(d.OldImage) } : {}),
    },
  };
}
