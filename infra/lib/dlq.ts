import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/**
 * A dead-letter (on-failure) queue: encrypted, TLS only, 14 days to inspect what failed. It is
 * consumed by nobody that could fail, so it has no DLQ of its own (cdk-nag SQS3, acknowledged
 * with `deQue`: what it receives).
 */
export function colaDeFallos(scope: Construct, id: string, deQue: string): sqs.Queue {
  const cola = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(cola).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is itself the dead-letter (on-failure) destination of ${deQue}; it is kept for inspection and is not consumed by anything that could fail.`,
  });
  return cola;
}
