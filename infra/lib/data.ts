import { TABLE } from '@cuota/shared/table';
import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { stageSettings } from './stages';

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
  /** Only in a stage with backups (prod): the plan, its vault and the role restores run with. */
  readonly backupPlan?: backup.BackupPlan;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const stage = stageSettings(this);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: STREAM_VIEW[TABLE.streamViewType],
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Loan, payment and customer records: never lost to a stack mistake (only dev is disposable).
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
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
    if (stage.backup) this.backupPlan = backupPlan(this, this.table);
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

/**
 * AWS Backup of the table, beside its point-in-time recovery (35 days, to the second): a daily copy
 * kept 35 days and a monthly one kept a year, in a vault encrypted with a key of its own and locked
 * (governance mode) against deleting a copy before 35 days. Restores make a NEW table
 * (docs/operations.md, "Restore the table").
 */
function backupPlan(stack: Stack, table: dynamodb.Table): backup.BackupPlan {
  const key = new kms.Key(stack, 'BackupKey', {
    description: 'Cuota: encrypts the table backups in the Cuota backup vault',
    enableKeyRotation: true,
    // without the key the backups cannot be read: it outlives the stack
    removalPolicy: RemovalPolicy.RETAIN,
    pendingWindow: Duration.days(30),
  });
  const vault = new backup.BackupVault(stack, 'BackupVault', {
    encryptionKey: key,
    removalPolicy: RemovalPolicy.RETAIN,
    lockConfiguration: { minRetention: Duration.days(35) },
  });
  // 03:00 in Costa Rica (UTC-6), after the daily close of the night before
  const at = (day?: string) => events.Schedule.cron({ minute: '0', hour: '9', ...(day ? { day } : {}) });
  const plan = new backup.BackupPlan(stack, 'BackupPlan', {
    backupVault: vault,
    backupPlanRules: [
      new backup.BackupPlanRule({ ruleName: 'Daily35Days', scheduleExpression: at(), deleteAfter: Duration.days(35) }),
      new backup.BackupPlanRule({ ruleName: 'Monthly1Year', scheduleExpression: at('1'), deleteAfter: Duration.days(365) }),
    ],
  });
  const selection = plan.addSelection('Table', {
    resources: [backup.BackupResource.fromDynamoDbTable(table)],
    // the same role can run a restore (docs/operations.md)
    allowRestores: true,
  });
  const reason =
    "The role AWS Backup assumes for this one selection (the Cuota table), trusted by backup.amazonaws.com only: AWSBackupServiceRolePolicyForBackup and ...ForRestores are AWS Backup's documented service policies, kept current by AWS as the service's needs change.";
  Validations.of(selection).acknowledge(
    ...['AWSBackupServiceRolePolicyForBackup', 'AWSBackupServiceRolePolicyForRestores'].map((policy) => ({
      id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${policy}]`,
      reason,
    })),
  );
  new CfnOutput(stack, 'BackupVaultName', { value: vault.backupVaultName });
  new CfnOutput(stack, 'BackupRoleArn', { value: (selection.grantPrincipal as iam.IRole).roleArn });
  return plan;
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
