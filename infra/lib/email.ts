import { ArnFormat, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export const DEFAULT_SENDER_EMAIL = 'notificaciones@example.com';

export interface EmailStackProps extends StackProps {
  /** Verified sending domain (context `senderDomain`); wins over `senderEmail`. */
  readonly senderDomain?: string;
  /** Single verified address (context `senderEmail`) when there is no domain. */
  readonly senderEmail?: string;
}

/**
 * SES for campaigns and notifications: one sending identity and one configuration set.
 * Functions that send mail get {@link EmailStack.grantSend} and {@link EmailStack.senderEnvironment}.
 */
export class EmailStack extends Stack {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly fromAddress: string;
  /** The verified sending domain, when the identity is one (else the identity is {@link fromAddress}). */
  readonly senderDomain?: string;

  constructor(scope: Construct, id: string, props: EmailStackProps = {}) {
    super(scope, id, props);

    const domain = props.senderDomain?.trim() || undefined;
    this.senderDomain = domain;
    this.fromAddress = domain ? `notificaciones@${domain}` : props.senderEmail?.trim() || DEFAULT_SENDER_EMAIL;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // The campaign sender's delivery ledger: SEND events (with the message tags campana and
    // destinatario) go to the default event bus, where a JobsStack rule records them
    // (functions comunicacion/registrar-entrega). SES supports only the default bus here.
    new ses.ConfigurationSetEventDestination(this, 'SendEvents', {
      configurationSet: this.configurationSet,
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.SEND],
    });

    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: domain ? ses.Identity.domain(domain) : ses.Identity.email(this.fromAddress),
      configurationSet: this.configurationSet,
    });

    if (domain) {
      // Easy DKIM: these CNAMEs must exist in the domain's DNS before SES verifies it.
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
    }
    new CfnOutput(this, 'FromAddress', { value: this.fromAddress });
    new CfnOutput(this, 'ConfigurationSetName', { value: this.configurationSet.configurationSetName });
  }

  get configurationSetArn(): string {
    return this.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  /** ses:SendEmail from this identity through this configuration set, and nothing else. */
  grantSend(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resourceArns: [this.identity.emailIdentityArn, this.configurationSetArn],
      conditions: { StringEquals: { 'ses:FromAddress': this.fromAddress } },
    });
  }

  /** Environment for a sending function. */
  senderEnvironment(): Record<string, string> {
    return {
      SES_FROM_ADDRESS: this.fromAddress,
      SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
    };
  }
}
