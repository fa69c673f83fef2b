import { spawnSync, type ChildProcess } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { AdminListGroupsForUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CognitoDePrueba, iniciarCognitoLocal } from '../../functions/test/cognito-local';
import { startInMemoryDynamo } from '../local/dynamo-memory';
import { REPO_ROOT } from '../lib/function';
import { crearPrimerAdmin, TEXTOS } from '../scripts/admin-create';

/**
 * `npm run admin:create` against cognito-local and DynamoDB Local (as functions/test does): the
 * same creation path as the admin panel, with the stack's outputs or flags as the destination.
 */

const TABLA = 'cuota-admin-create';
const PASSWORD = 'Primer-Admin-Cuota-2026!';

let cl: CognitoDePrueba;
let dynamo: ChildProcess;
let ddb: DynamoDBClient;

let n = 0;
const email = () => `admin-${Date.now()}-${++n}@example.com`;
const stdin = (texto: string) => Object.assign(Readable.from([texto]), { isTTY: false });

async function ejecutar(
  argv: string[],
  entrada = `${PASSWORD}\n`,
  cloudFormation?: Parameters<typeof crearPrimerAdmin>[0]['cloudFormation'],
) {
  const lineas: string[] = [];
  const codigo = await crearPrimerAdmin({ argv, entrada: stdin(entrada), escribir: (l) => lineas.push(l), cloudFormation });
  return { codigo, salida: lineas.join('\n') };
}

const destino = () => ['--user-pool-id', cl.pool.userPoolId, '--table', TABLA];
const persona = (correo: string) => ['--email', correo, '--nombre', 'Ana', '--apellido', 'Quesada'];

/** Everything written so far: every table item and every Cognito user. */
async function estado() {
  const items = (await ddb.send(new ScanCommand({ TableName: TABLA }))).Items ?? [];
  const users = (await cl.idp.send(new ListUsersCommand({ UserPoolId: cl.pool.userPoolId }))).Users ?? [];
  return { items: items.length, users: users.length };
}

describe('npm run admin:create (cognito-local + DynamoDB Local)', () => {
  beforeAll(async () => {
    const started = await startInMemoryDynamo(TABLA);
    dynamo = started.child;
    process.env.AWS_ENDPOINT_URL_DYNAMODB = started.endpoint;
    process.env.AWS_REGION = 'us-east-1';
    process.env.AWS_SECRET_ACCESS_KEY = 'local';
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
    process.env.LOG_LEVEL = 'SILENT';
    cl = await iniciarCognitoLocal('admin-create');
    ddb = new DynamoDBClient({
      endpoint: started.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    // the command sets these from its flags or the stack outputs
    delete process.env.USER_POOL_ID;
    delete process.env.TABLE_NAME;
  });
  afterAll(() => {
    cl?.detener();
    dynamo?.kill('SIGKILL');
  });

  it('crea el usuario en el grupo admin, con su perfil, su acceso y la actividad del sistema; puede iniciar sesión', async () => {
    const correo = email();
    const { codigo, salida } = await ejecutar([...persona(correo), ...destino()]);
    expect(codigo, salida).toBe(0);
    const id = /\(id ([^)]+)\)/.exec(salida)?.[1];
    expect(salida).toContain(TEXTOS.creado(correo, id!));

    // Cognito's user name is the sub (the profile id), as for users created from the panel
    const grupos = await cl.idp.send(new AdminListGroupsForUserCommand({ UserPoolId: cl.pool.userPoolId, Username: id }));
    expect(grupos.Groups?.map((g) => g.GroupName)).toEqual(['admin']);
    // signs in with the password from stdin, and the ID token carries the group the API authorizes on
    const { idToken } = await cl.iniciarSesion(correo, PASSWORD);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims['cognito:groups']).toEqual(['admin']);
    expect(claims.sub).toBe(id);

    process.env.TABLE_NAME = TABLA;
    const { obtenerPerfil } = await import('@cuota/functions/handlers/perfil/index');
    const { leerAcceso } = await import('@cuota/functions/commons/acceso');
    expect(await obtenerPerfil(id!)).toMatchObject({ id, email: correo, nombre: 'Ana', apellido: 'Quesada' });
    expect(await leerAcceso(id!)).toMatchObject({ grupos: ['admin'] });
    const items = (await ddb.send(new ScanCommand({ TableName: TABLA }))).Items ?? [];
    const actividad = items.filter((i) => i.descripcion?.S === `Usuario ${correo} creado con el rol Administrador`);
    expect(actividad).toHaveLength(1);
    expect(actividad[0]!.user_id?.S).toBe('sistema');
    expect(actividad[0]!.user_nombre?.S).toBe('Sistema (alta inicial)');
  });

  it('una segunda vez con el mismo email: "ya existe", código 1 y nada escrito', async () => {
    const correo = email();
    expect((await ejecutar([...persona(correo), ...destino()])).codigo).toBe(0);
    const antes = await estado();
    const { codigo, salida } = await ejecutar([...persona(correo), ...destino()]);
    expect(codigo).toBe(1);
    expect(salida).toContain('Ya existe un usuario con este email. No se creó nada.');
    expect(await estado()).toEqual(antes);
  });

  it('un email inválido se rechaza con el mensaje en español, sin tocar Cognito ni la tabla', async () => {
    const antes = await estado();
    const { codigo, salida } = await ejecutar([...persona('no-es-un-email'), ...destino()]);
    expect(codigo).toBe(2);
    expect(salida).toContain(TEXTOS.datosInvalidos);
    expect(salida).toContain('email: Email inválido');
    expect(await estado()).toEqual(antes);
  });

  it('una contraseña de menos de 16 caracteres no sirve para un administrador', async () => {
    const antes = await estado();
    const { codigo, salida } = await ejecutar([...persona(email()), ...destino()], 'Corta-2026!ab\n');
    expect(codigo).toBe(2);
    expect(salida).toMatch(/password: .*16/);
    expect(await estado()).toEqual(antes);
  });

  it('la contraseña nunca como argumento; sin ella en la entrada estándar no se crea nada', async () => {
    const antes = await estado();
    const enArgumentos = await ejecutar([...persona(email()), '--password', PASSWORD, ...destino()]);
    expect(enArgumentos.codigo).toBe(2);
    expect(enArgumentos.salida).toBe(TEXTOS.contrasenaEnArgumentos);
    const vacia = await ejecutar([...persona(email()), ...destino()], '');
    expect(vacia.codigo).toBe(2);
    expect(vacia.salida).toBe(TEXTOS.sinContrasena);
    expect(await estado()).toEqual(antes);
  });

  it('en una terminal la pide dos veces, sin eco; si no coinciden no crea nada', async () => {
    const antes = await estado();
    const entrada = Object.assign(new PassThrough(), { isTTY: true });
    const pantalla: string[] = [];
    const escribirTerminal = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      pantalla.push(String(chunk));
      return true;
    });
    const lineas: string[] = [];
    try {
      const codigo = crearPrimerAdmin({ argv: [...persona(email()), ...destino()], entrada, escribir: (l) => lineas.push(l) });
      const pausa = () => new Promise((r) => setTimeout(r, 50));
      await pausa();
      entrada.write('Primera-Contrasena-2026!\r');
      await pausa();
      entrada.write('Segunda-Contrasena-2026!\r');
      expect(await codigo).toBe(2);
    } finally {
      escribirTerminal.mockRestore();
    }
    expect(lineas).toEqual([TEXTOS.noCoinciden]);
    expect(pantalla.join('')).toContain(TEXTOS.pedirContrasena);
    expect(pantalla.join('')).toContain(TEXTOS.repetirContrasena);
    expect(pantalla.join('')).not.toMatch(/Primera|Segunda|Contrasena-2026/);
    expect(await estado()).toEqual(antes);
  });

  it('sin flags de destino lee las salidas UserPoolId y TableName de las pilas del stage', async () => {
    const pedidas: string[] = [];
    const cloudFormation = {
      send: async (command: DescribeStacksCommand) => {
        const pila = command.input.StackName!;
        pedidas.push(pila);
        const outputs: Record<string, { OutputKey: string; OutputValue: string }> = {
          CuotaStagingAuth: { OutputKey: 'UserPoolId', OutputValue: cl.pool.userPoolId },
          CuotaStagingData: { OutputKey: 'TableName', OutputValue: TABLA },
        };
        if (!outputs[pila]) throw Object.assign(new Error(`Stack with id ${pila} does not exist`), { name: 'ValidationError' });
        return { Stacks: [{ StackName: pila, Outputs: [{ OutputKey: 'Otra', OutputValue: 'x' }, outputs[pila]] }] };
      },
    } as unknown as Parameters<typeof crearPrimerAdmin>[0]['cloudFormation'];

    const correo = email();
    const { codigo, salida } = await ejecutar([...persona(correo), '--stage', 'staging'], undefined, cloudFormation);
    expect(codigo, salida).toBe(0);
    expect(pedidas).toEqual(['CuotaStagingAuth', 'CuotaStagingData']);
    expect(salida).toContain(TEXTOS.destino(cl.pool.userPoolId, TABLA));

    // prod's stacks are Cuota*; none exists behind this fake: a clear message, nothing written
    const antes = await estado();
    const sinPila = await ejecutar([...persona(email()), '--stage', 'prod'], undefined, cloudFormation);
    expect(sinPila.codigo).toBe(1);
    expect(sinPila.salida).toBe(TEXTOS.sinPila('CuotaAuth'));
    expect(await estado()).toEqual(antes);
  });

  it('npm run admin:create: el comando real, con la contraseña por la entrada estándar', () => {
    const correo = email();
    const out = spawnSync('npm', ['run', '--silent', 'admin:create', '--', ...persona(correo), ...destino()], {
      cwd: REPO_ROOT,
      input: `${PASSWORD}\n`,
      encoding: 'utf8',
      env: { ...process.env, USER_POOL_ID: '', TABLE_NAME: '' },
      timeout: 60_000,
    });
    expect(out.status, out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toContain(`Administrador creado: ${correo}`);
    // the password went through stdin: it is in no argument the command saw
    expect(out.stdout + out.stderr).not.toContain(PASSWORD);
  });
});
