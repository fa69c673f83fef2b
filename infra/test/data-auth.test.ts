import { TRIGGERS } from '@cuota/functions/manifest';
import { STAFF_ROLES } from '@cuota/shared';
import { esquemaDeClave, indicesGlobales, TABLE } from '@cuota/shared/table';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { cuota, resources } from './cuota';

describe('CuotaData', () => {
  it('crea la tabla única desde la definición compartida: claves, GSIs, stream, PITR, TTL', () => {
    const { templates } = cuota();
    templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: esquemaDeClave(TABLE.partitionKey, TABLE.sortKey),
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: TABLE.streamViewType },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: indicesGlobales(),
      }),
    });
  });

  it('exporta el ARN de la tabla y de su stream con nombres fijos', () => {
    const outputs = cuota().templates.data.toJSON().Outputs as Record<string, { Export?: { Name: string } }>;
    const names = Object.values(outputs).map((o) => o.Export?.Name);
    expect(names).toContain('CuotaData-TableArn');
    expect(names).toContain('CuotaData-TableStreamArn');
  });
});

describe('CuotaAuth', () => {
  it('exige la política de contraseñas del spec §5 y MFA TOTP opcional', () => {
    cuota().templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: false }),
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'given_name', Required: true, Mutable: true }),
        Match.objectLike({ Name: 'family_name', Required: true, Mutable: true }),
      ]),
    });
  });

  it('crea los grupos admin, analista y cobrador', () => {
    const groups = resources(cuota().templates.auth, 'AWS::Cognito::UserPoolGroup');
    expect(
      Object.values(groups)
        .map((g) => g.Properties?.GroupName)
        .sort(),
    ).toEqual([...STAFF_ROLES].sort());
  });

  it('conecta el trigger PreSignUp del manifiesto', () => {
    const { templates } = cuota();
    expect(TRIGGERS.map((t) => t.kind)).toContain('cognito-pre-sign-up');
    const pool = Object.values(resources(templates.auth, 'AWS::Cognito::UserPool'))[0]!;
    const preSignUp = pool.Properties?.LambdaConfig?.PreSignUp as { 'Fn::GetAtt': [string, string] };
    const fn = resources(templates.auth, 'AWS::Lambda::Function')[preSignUp['Fn::GetAtt'][0]];
    expect(fn?.Properties?.Runtime).toBe('nodejs24.x');
    templates.auth.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'cognito-idp.amazonaws.com',
      Action: 'lambda:InvokeFunction',
    });
  });

  it('conecta PostAuthentication (registro de inicios de sesión) y PreSignUp (consume el boleto de POST /api/auth/registro) con escritura en la tabla', () => {
    const { templates } = cuota();
    const pool = Object.values(resources(templates.auth, 'AWS::Cognito::UserPool'))[0]!;
    const postAuth = pool.Properties?.LambdaConfig?.PostAuthentication as { 'Fn::GetAtt': [string, string] };
    const fn = resources(templates.auth, 'AWS::Lambda::Function')[postAuth['Fn::GetAtt'][0]];
    expect(fn?.Properties?.Environment?.Variables?.TABLE_NAME).toBeDefined();
    const preSignUp = pool.Properties?.LambdaConfig?.PreSignUp as { 'Fn::GetAtt': [string, string] };
    const pre = resources(templates.auth, 'AWS::Lambda::Function')[preSignUp['Fn::GetAtt'][0]];
    expect(pre?.Properties?.Environment?.Variables?.TABLE_NAME).toBeDefined();
  });

  it('crea un cliente web SRP sin secreto, con tokens de 1 h y refresh de 30 días', () => {
    cuota().templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      IdTokenValidity: 15,
      AccessTokenValidity: 15,
      RefreshTokenValidity: 10080,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });
});
