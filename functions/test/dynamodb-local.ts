import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import type { TestProject } from 'vitest/node';
import { startInMemoryDynamo } from '../../infra/local/dynamo-memory';

const TABLA = 'cuota-test';

/**
 * Integration tests run the handlers against a real DynamoDB Local (in memory, its own port),
 * with the table created from the same definition CDK uses, but without its stream: no test reads
 * the shared table's stream (a file that does has a table of its own, test/stream.ts tablaPropia),
 * and DynamoDB Local slows every call down as the stream records of its tables pile up.
 */
export default async function setup(project: TestProject) {
  const { child, endpoint } = await startInMemoryDynamo(TABLA);
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await client.send(new UpdateTableCommand({ TableName: TABLA, StreamSpecification: { StreamEnabled: false } }));
  const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLA }));
  if (Table?.StreamSpecification?.StreamEnabled) throw new Error(`la tabla ${TABLA} sigue con stream`);
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
