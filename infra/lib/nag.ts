import { Stack, Validations } from 'aws-cdk-lib';
// cdk-nag names wildcard findings by flattening the resolved CloudFormation value; use its own
// function so acknowledgement ids match whatever the environment (region known or not) renders.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/** How cdk-nag writes `value` (an ARN with tokens) inside a finding id. */
export function nagRef(scope: IConstruct, value: string): string {
  return flattenCfnReference(Stack.of(scope).resolve(value));
}

/** Acknowledges the IAM5 finding for one wildcard resource ARN on `scope`. */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${nagRef(scope, arn)}]`, reason });
}

interface PolicyStatementJson {
  Action?: string | string[];
  Resource?: unknown;
}

/**
 * For CDK-owned helper constructs only: acknowledges each wildcard action/resource that the
 * given (already complete) policy holds, with one reason.
 */
export function acknowledgeGeneratedPolicy(scope: IConstruct, policyDocument: unknown, reason: string): string[] {
  const doc = Stack.of(scope).resolve(policyDocument) as { Statement?: PolicyStatementJson[] };
  const ids = new Set<string>();
  for (const statement of doc.Statement ?? []) {
    for (const action of [statement.Action ?? []].flat()) {
      if (action.includes('*')) ids.add(`AwsSolutions-IAM5[Action::${action}]`);
    }
    for (const resource of [statement.Resource ?? []].flat()) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) ids.add(`AwsSolutions-IAM5[Resource::${flat}]`);
    }
  }
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
  return [...ids];
}
