import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  SetUserPoolMfaConfigCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_MIN, STAFF_ROLES } from '@cuota/shared';
import { esquemaDeClave, indicesGlobales, TABLE } from '@cuota/shared/table';
import { cuentaNueva } from '../../functions/src/commons/cognito';
import { conClaveDeControl } from './cognito-firmante';
import { CLAVE_DE_CONTROL, DEMO_PASSWORD, DEMO_USERS, HOST, LOCAL_DIR, REGION, type Ports } from './settings';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The table as CDK defines it (same TABLE definition): keys, GSIs, stream. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const attrs = new Set<string>([TABLE.partitionKey, TABLE.sortKey]);
  for (const g of TABLE.gsis) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: esquemaDeClave(TABLE.partitionKey, TABLE.sortKey),
    GlobalSecondaryIndexes: indicesGlobales(),
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.streamViewType },
  };
}

/** The table at `endpoint` (DynamoDB Local, or LocalStack: settings.ts destinoAws), created if missing. */
export async function ensureTable(endpoint: string, tableName: string): Promise<{ created: boolean; streamArn: string }> {
  const client = new DynamoDBClient({ region: REGION, credentials, endpoint });
  try {
    const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return { created: false, streamArn: out.Table?.LatestStreamArn ?? '' };
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const out = await client.send(new CreateTableCommand(createTableInput(tableName)));
  return { created: true, streamArn: out.TableDescription?.LatestStreamArn ?? '' };
}

export interface PoolState {
  userPoolId: string;
  clientId: string;
}

const STATE_FILE = () => join(LOCAL_DIR, 'cognito-pool.json');

/**
 * A client for cognito-local, signed with the stack's control key (the only key its port accepts);
 * `endpoint` is LocalStack's with CUOTA_COGNITO=localstack (settings.ts destinoAws).
 */
export function cognitoClient(
  ports: Ports,
  clave = CLAVE_DE_CONTROL,
  endpoint = `http://${HOST}:${ports.cognito}`,
): CognitoIdentityProviderClient {
  return conClaveDeControl(
    new CognitoIdentityProviderClient({
      region: REGION,
      credentials: { accessKeyId: clave, secretAccessKey: 'local' },
      endpoint,
    }),
    clave,
  );
}

/** User pool, web client and role groups, as the CDK auth stack declares them; idempotent. */
export async function ensureUserPool(ports: Ports, endpoint?: string): Promise<PoolState> {
  const cognito = cognitoClient(ports, CLAVE_DE_CONTROL, endpoint);
  if (existsSync(STATE_FILE())) {
    const state = JSON.parse(readFileSync(STATE_FILE(), 'utf8')) as PoolState;
    try {
      await cognito.send(new DescribeUserPoolCommand({ UserPoolId: state.userPoolId }));
      await ensureGroups(cognito, state.userPoolId);
      await ensureMfa(cognito, state.userPoolId);
      return state;
    } catch {
      /* pool data was wiped: create it again */
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: 'cuota-usuarios',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
      Schema: [
        { Name: 'given_name', AttributeDataType: 'String', Mutable: true, Required: true },
        { Name: 'family_name', AttributeDataType: 'String', Mutable: true, Required: true },
      ],
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'cuota-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
    }),
  );
  await ensureGroups(cognito, userPoolId);
  await ensureMfa(cognito, userPoolId);
  const state = { userPoolId, clientId: client.UserPoolClient!.ClientId! };
  writeFileSync(STATE_FILE(), JSON.stringify(state, null, 2));
  return state;
}

/** Creates only the missing groups: cognito-local's CreateGroup on an existing group empties it. */
async function ensureGroups(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const existing = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const names = new Set((existing.Groups ?? []).map((g) => g.GroupName));
  for (const role of STAFF_ROLES) {
    if (!names.has(role)) await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  }
}

/**
 * MFA as the CDK pool has it: optional, TOTP only. cognito-local challenges enrolled users
 * unless the pool says OFF, so this changes no sign-in; it keeps the pool's own answer
 * (GetUserPoolMfaConfig) true to AWS, where TOTP must be on in the pool for users to enable it.
 */
async function ensureMfa(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

export interface DemoUser {
  userId: string;
  email: string;
  nombre: string;
  apellido: string;
  roles: readonly string[];
}

/** The demo users of the README, with the demo password and their role groups; idempotent. */
export async function ensureDemoUsers(ports: Ports, pool: PoolState, endpoint?: string): Promise<DemoUser[]> {
  const cognito = cognitoClient(ports, CLAVE_DE_CONTROL, endpoint);
  const users: DemoUser[] = [];
  for (const demo of DEMO_USERS) {
    let userId: string;
    let username: string;
    try {
      const found = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: demo.email }));
      userId = found.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? found.Username!;
      username = found.Username!;
      if (found.UserStatus !== 'CONFIRMED') throw new Error(`${demo.email} no está confirmado (${found.UserStatus})`);
    } catch (error) {
      if (!(error instanceof UserNotFoundException) && (error as { name?: string }).name !== 'UserNotFoundException') throw error;
      const created = await cognito.send(new AdminCreateUserCommand(cuentaNueva(pool.userPoolId, demo)));
      userId = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User!.Username!;
      username = created.User!.Username!;
      await cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool.userPoolId,
          Username: username,
          Password: DEMO_PASSWORD,
          Permanent: true,
        }),
      );
    }
    const groups = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
    const member = new Set((groups.Groups ?? []).map((g) => g.GroupName));
    for (const role of demo.roles) {
      if (!member.has(role)) {
        await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: username, GroupName: role }));
      }
    }
    users.push({ userId, email: demo.email, nombre: demo.nombre, apellido: demo.apellido, roles: demo.roles });
  }
  return users;
}
