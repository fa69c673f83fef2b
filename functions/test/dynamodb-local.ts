import type { TestProject } from 'vitest/node';
import { startInMemoryDynamo } from '../../infra/local/dynamo-memory';

/**
 * Integration tests run the handlers against a real DynamoDB Local (in memory, its own port),
 * with the table created from the same definition CDK uses.
 */
export default async function setup(project: TestProject) {
  const { child, endpoint } = await startInMemoryDynamo('cuota-test');
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
