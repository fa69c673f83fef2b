import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type GetRecordsCommandOutput,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { _Record, AttributeValue } from '@aws-sdk/client-dynamodb-streams';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STREAM_CONSUMERS, type StreamConsumerDef } from '@cuota/functions/manifest';
import { lambdaContext, loadHandler } from './handlers';
import { LOCAL_DIR, REGION } from './settings';

/** GetRecords returns at most 1000 records per call (the DynamoDB Streams limit). */
export const PAGINA_MAXIMA = 1000;

export interface StreamPollerOptions {
  /** Wait between polls while the stream is idle; a backlog is read without waiting. */
  intervalMs?: number;
  /** Records per GetRecords call (at most 1000). */
  pageSize?: number;
  checkpointFile?: string;
  consumers?: readonly StreamConsumerDef[];
  /** Runs one consumer with one batch (default: its handler module, as the event source mapping does). */
  invoke?: (consumer: StreamConsumerDef, records: _Record[]) => Promise<void>;
}

/**
 * DynamoDB Streams → Lambda stand-in: polls every shard of the table's stream and invokes every
 * consumer of the manifest with the records, as the event source mappings do. The last sequence
 * number per shard is checkpointed under .local/, so a restart resumes where it stopped.
 *
 * A shard is read to its tip in pages of up to 1000 records, the next page fetched while the
 * current one is delivered, with no wait between pages: a backlog (a catch-up close writes each
 * credit once per closed date) is delivered in about one round trip per 1000 records. Every
 * consumer gets each page (filtered, in batches of its `batchSize`) in stream order, the consumers
 * side by side (on AWS each has its own mapping); the next page goes out when all are done, so
 * the changes of one item always reach a consumer in order. Only an idle stream waits `intervalMs`.
 */
export class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly checkpointFile: string;
  private readonly intervalMs: number;
  private readonly pageSize: number;
  private readonly consumers: readonly StreamConsumerDef[];
  private checkpoints: Record<string, string> = {};
  private iterators = new Map<string, string | null>();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private lastDescribe = 0;
  /** Round trips and records, for the tests and the benchmark. */
  readonly stats = { getRecords: 0, pages: 0, delivered: 0 };

  constructor(
    dynamoEndpoint: string,
    private readonly streamArn: string,
    opts: StreamPollerOptions = {},
  ) {
    this.client = new DynamoDBStreamsClient({
      region: REGION,
      endpoint: dynamoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    this.intervalMs = opts.intervalMs ?? 250;
    this.pageSize = Math.min(PAGINA_MAXIMA, Math.max(1, opts.pageSize ?? PAGINA_MAXIMA));
    this.consumers = opts.consumers ?? STREAM_CONSUMERS;
    if (opts.invoke) this.invoke = opts.invoke;
    this.checkpointFile = opts.checkpointFile ?? join(LOCAL_DIR, 'stream-checkpoints.json');
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
      let delivered = 0;
      try {
        delivered = await this.poll();
      } catch (error) {
        console.error('[streams] error al leer el stream', (error as Error).message);
      }
      // what was delivered may have written more (the consumers' own items): look again at once
      if (!this.stopped) this.timer = setTimeout(loop, delivered > 0 ? 0 : this.intervalMs);
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

  private async page(shardId: string, iterator: string): Promise<GetRecordsCommandOutput> {
    this.stats.getRecords++;
    try {
      return await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: this.pageSize }));
    } catch (error) {
      // an iterator unused for long expires: start again after the checkpoint
      if ((error as Error).name !== 'ExpiredIteratorException') throw error;
      const fresh = await this.iteratorFor(shardId);
      this.stats.getRecords++;
      return fresh
        ? await this.client.send(new GetRecordsCommand({ ShardIterator: fresh, Limit: this.pageSize }))
        : ({ Records: [], NextShardIterator: undefined, $metadata: {} } as GetRecordsCommandOutput);
    }
  }

  /** One pass: every open shard read up to its tip; returns how many records were delivered. */
  async poll(): Promise<number> {
    if (Date.now() - this.lastDescribe > 2000 || this.iterators.size === 0) {
      this.lastDescribe = Date.now();
      // in the order DescribeStream lists them: a parent shard before its children
      for (const shard of await this.shards()) {
        if (shard.ShardId && !this.iterators.has(shard.ShardId)) {
          this.iterators.set(shard.ShardId, await this.iteratorFor(shard.ShardId));
        }
      }
    }
    let delivered = 0;
    for (const [shardId, iterator] of this.iterators) {
      if (!iterator) continue;
      let next: Promise<GetRecordsCommandOutput> | null = this.page(shardId, iterator);
      while (next) {
        const out: GetRecordsCommandOutput = await next;
        const nextIterator = out.NextShardIterator ?? null;
        const records = (out.Records ?? []).map(asLambdaRecord);
        if (records.length === 0) {
          this.iterators.set(shardId, nextIterator);
          break;
        }
        if (this.stopped) break;
        // the next page is read while this one is delivered
        next = nextIterator ? this.page(shardId, nextIterator) : null;
        next?.catch(() => undefined);
        await this.deliver(records);
        this.checkpoints[shardId] = records[records.length - 1]!.dynamodb!.SequenceNumber!;
        // write-then-rename: a stack killed mid-write keeps the previous checkpoint, never a torn file
        writeFileSync(`${this.checkpointFile}.tmp`, JSON.stringify(this.checkpoints));
        renameSync(`${this.checkpointFile}.tmp`, this.checkpointFile);
        this.iterators.set(shardId, nextIterator);
        delivered += records.length;
        this.stats.pages++;
        this.stats.delivered += records.length;
      }
    }
    return delivered;
  }

  /** Per background consumer: the tail of its own queue (its event source mapping on AWS). */
  private readonly queues = new Map<string, Promise<void>>();

  private async deliver(records: _Record[]): Promise<void> {
    await Promise.all(
      this.consumers.map(async (consumer) => {
        const batch = consumer.filtro ? records.filter((r) => matchesFilter(consumer.filtro!, r)) : records;
        if (batch.length === 0) return;
        const size = consumer.batchSize ?? batch.length;
        if (!consumer.background) {
          for (let i = 0; i < batch.length; i += size) await this.invoke(consumer, batch.slice(i, i + size));
          return;
        }
        // A long consumer (the campaign sender) gets its own queue, in order, without holding the
        // others back; a run lost when the stack stops is picked up by its resume job.
        let tail = this.queues.get(consumer.id) ?? Promise.resolve();
        for (let i = 0; i < batch.length; i += size) {
          const part = batch.slice(i, i + size);
          tail = tail.then(() => this.invoke(consumer, part));
        }
        this.queues.set(consumer.id, tail);
      }),
    );
  }

  private invoke = async (consumer: StreamConsumerDef, records: _Record[]): Promise<void> => {
    try {
      const handler = await loadHandler(consumer.handler);
      await handler({ Records: records }, lambdaContext(consumer.id, (consumer.timeoutSeconds ?? 30) * 1000));
    } catch (error) {
      console.error(`[streams] ${consumer.id} falló`, (error as Error).message);
    }
  };
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
