import { TRIGGERS, type TriggerDef } from '@cuota/functions/manifest';
import { PASSWORD_MIN, ROLE_LABELS, STAFF_ROLES } from '@cuota/shared';
import { ArnFormat, CfnOutput, Duration, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { grantTable, type DataStack } from './data';
import type { EmailStack } from './email';
import { ApiFunction, FunctionRoles } from './function';
import { acknowledgeWildcardResource } from './nag';
import { stageSettings } from './stages';

const TRIGGER_OPERATION: Record<(typeof TRIGGERS)[number]['kind'], cognito.UserPoolOperation> = {
  'cognito-pre-sign-up': cognito.UserPoolOperation.PRE_SIGN_UP,
  'cognito-post-authentication': cognito.UserPoolOperation.POST_AUTHENTICATION,
  'cognito-pre-token-generation': cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
};

export interface AuthStackProps extends StackProps {
  /** The table, for triggers that write to it (the sign-in activity log). */
  readonly data: DataStack;
  /**
   * The SES identity and configuration set Cognito sends its mail through when `cognitoEmail` is
   * 'ses' (context `cognitoEmail`); otherwise Cognito's own sender (50 messages a day).
   */
  readonly email?: EmailStack;
  readonly cognitoEmail?: 'ses' | 'cognito';
}

/** Cognito: the user pool, the staff groups, the web client and the pool's Lambda triggers. */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** Token issuer, as the JWT authorizer and the handlers (COGNITO_ISSUER) expect it. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      // Spec §5 (min 12, the four classes). Max 128 and the blocklist: see README "Security".
      passwordPolicy: {
        minLength: PASSWORD_MIN,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false, email: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Threat protection (compromised credentials, adaptive authentication) in enforcement mode:
      // worth the Plus tier for accounts that move money.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      userVerification: {
        emailSubject: 'Cuota: tu código de verificación',
        emailBody: 'Tu código de verificación de Cuota es {####}',
        emailStyle: cognito.VerificationEmailStyle.CODE,
      },
      userInvitation: {
        emailSubject: 'Tu cuenta de Cuota',
        emailBody:
          'Hola, se creó tu cuenta de Cuota para {username}. Tu contraseña temporal es {####} y deberás cambiarla al iniciar sesión.',
      },
      ...(props.cognitoEmail === 'ses' ? { email: this.correoPorSes(props.email) } : {}),
      // retained and protected unless the stage is disposable (dev)
      deletionProtection: stageSettings(this).deletionProtection,
      removalPolicy: stageSettings(this).removalPolicy,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Customers register themselves from the portal and are signed in right away (spec §4); MFA is OPTIONAL with TOTP only (no SMS) so any user can turn it on (Cognito has no per-group MFA: staff are required to have TOTP by the API, from the PreTokenGeneration claim, unless context staffMfa=opcional), and the Plus-tier threat protection in enforcement mode challenges or blocks risky sign-ins.',
    });

    // Threat protection, explicit rather than Cognito's defaults. Compromised credentials are
    // blocked at sign-up, password change and sign-in: Cognito never hands the password to a
    // Lambda trigger, so this is the server-side check that covers what the spec's 30-password
    // blocklist is for (the blocklist itself can never pass the 12-character policy; see README
    // "Security"). Risky sign-ins: high blocked, medium asks for the TOTP code when the user has one.
    new cognito.CfnUserPoolRiskConfigurationAttachment(this, 'RiskConfiguration', {
      userPoolId: this.userPool.userPoolId,
      clientId: 'ALL',
      compromisedCredentialsRiskConfiguration: {
        actions: { eventAction: 'BLOCK' },
        eventFilter: ['SIGN_UP', 'PASSWORD_CHANGE', 'SIGN_IN'],
      },
      accountTakeoverRiskConfiguration: {
        actions: {
          highAction: { eventAction: 'BLOCK', notify: false },
          mediumAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
          lowAction: { eventAction: 'NO_ACTION', notify: false },
        },
      },
    });

    STAFF_ROLES.forEach((role, precedence) => {
      new cognito.UserPoolGroup(this, `Group-${role}`, {
        userPool: this.userPool,
        groupName: role,
        description: ROLE_LABELS[role],
        precedence,
      });
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'cuota-web',
      generateSecret: false,
      authFlows: { userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // short tokens limit what a stolen one is worth (docs/sesiones.md); Amplify refreshes them
      idTokenValidity: Duration.minutes(15),
      accessTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.days(7),
    });

    this.issuer = this.userPool.userPoolProviderUrl;

    const roles = new FunctionRoles(this, 'Roles');
    const table = props.data.importTable(this);
    for (const trigger of TRIGGERS as readonly TriggerDef[]) {
      const writes = trigger.table === 'write';
      const fn = new ApiFunction(this, trigger.id, {
        handler: trigger.handler,
        role: writes
          ? roles.roleFor('TriggerTableWrite', (role) => grantTable(role, 'write', table, props.data))
          : trigger.leeUsuarios
            ? roles.roleFor('TriggerLeeUsuarios', (role) => this.grantLeerUsuarios(role))
            : roles.roleFor('Trigger'),
        description: `Cognito ${trigger.kind}`,
        ...(writes ? { environment: { TABLE_NAME: table.tableName } } : {}),
      });
      // PreTokenGeneration with the V1_0 event: groupsToOverride names the user's groups (the trigger
      // calls AdminGetUser only for staff) and claimsToAddOrOverride adds cuota_mfa to the ID token.
      const version = trigger.kind === 'cognito-pre-token-generation' ? cognito.LambdaVersion.V1_0 : undefined;
      this.userPool.addTrigger(TRIGGER_OPERATION[trigger.kind], fn.function, version);
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.webClient.userPoolClientId });
    new CfnOutput(this, 'Issuer', { value: this.issuer });
  }

  /**
   * Cognito's mail (verification codes, invitations, password resets) from the SES identity of the
   * EmailStack, through its configuration set (reputation metrics, suppression list). The identity
   * must be verified, and the account out of the SES sandbox, before the pool is updated with this
   * (infra/README.md "Cognito mail and staff MFA"). Same region as the pool.
   */
  private correoPorSes(email: EmailStack | undefined): cognito.UserPoolEmail {
    if (!email) throw new Error('cognitoEmail=ses needs the EmailStack (AuthStackProps.email)');
    if (Token.isUnresolved(this.region)) {
      throw new Error('cognitoEmail=ses needs an explicit region (-c region=… or CDK_DEFAULT_REGION): SES and the pool share it');
    }
    return cognito.UserPoolEmail.withSES({
      fromEmail: email.fromAddress,
      fromName: 'Cuota',
      sesVerifiedDomain: email.senderDomain,
      configurationSetName: email.configurationSet.configurationSetName,
      sesRegion: this.region,
    });
  }

  /**
   * cognito-idp:AdminGetUser for the PreTokenGeneration trigger, on the account's user pools of
   * this region: naming this pool's ARN would make the pool depend on the trigger's role policy and
   * the policy on the pool (a circular dependency), since the pool references the trigger.
   */
  private grantLeerUsuarios(role: iam.Role): void {
    const pools = this.formatArn({
      service: 'cognito-idp',
      resource: 'userpool',
      resourceName: '*',
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [pools] }));
    acknowledgeWildcardResource(
      role,
      pools,
      "AdminGetUser (read one user's MFA settings) for the PreTokenGeneration trigger; the pool's own ARN cannot be named without a circular dependency (the pool references the trigger, whose role policy would reference the pool). Read only, this account and region.",
    );
  }
}
