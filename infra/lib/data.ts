import { TABLE } from '@cuota/shared/table';
import { CfnOutput, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

const STREAM_VIEW: Record<typeof TABLE.streamViewType, dynamodb.StreamViewType> = {
  NEW_AND_OLD_IMAGES: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
};

/**
 * The single table, built from the shared definition (shared/src/table.ts) that the local stack also uses.
 *
 * Other stacks use {@link DataStack.importTable}: explicit, named exports instead of CDK's
 * generated ones, so the ARN a policy refers to reads `<stack>-TableArn` in templates and in the
 * cdk-nag findings that are acknowledged against it.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly tableArnExport: string;
  readonly tableStreamArnExport: string;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: STREAM_VIEW[TABLE.streamViewType],
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Loan, payment and customer records: never lost to a stack mistake.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const gsi of TABLE.gsis) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.tableArnExport = `${this.stackName}-TableArn`;
    this.tableStreamArnExport = `${this.stackName}-TableStreamArn`;
    new CfnOutput(this, 'TableArn', { value: this.table.tableArn, exportName: this.tableArnExport });
    new CfnOutput(this, 'TableStreamArn', {
      value: this.table.tableStreamArn!,
      exportName: this.tableStreamArnExport,
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
  }

  /** The table as seen from another stack (through the named exports). */
  importTable(scope: Construct, id = 'Table'): dynamodb.ITable {
    return dynamodb.Table.fromTableAttributes(scope, id, {
      tableArn: Fn.importValue(this.tableArnExport),
      tableStreamArn: Fn.importValue(this.tableStreamArnExport),
      // Lets grants cover the GSIs (`<table>/index/*`) as they do for the table itself.
      globalIndexes: TABLE.gsis.map((g) => g.indexName),
    });
  }
}

/** The manifest's table grants: read → grantReadData, write → grantReadWriteData, none → nothing. */
export type TableGrant = 'none' | 'read' | 'write';

export function grantTable(role: iam.Role, grant: TableGrant, table: dynamodb.ITable, data: DataStack): void {
  if (grant === 'none') return;
  if (grant === 'read') table.grantReadData(role);
  else table.grantReadWriteData(role);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${data.tableArnExport}/index/*]`,
    reason:
      'The wildcard is the index name under the one Cuota table ARN (gsi1..gsi3, all queried by the single-table access patterns), exactly as grantReadData/grantReadWriteData generate it.',
  });
}
