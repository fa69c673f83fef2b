/**
 * The first administrator of a deployed stack (docs/operations.md, "Bootstrap the first admin"):
 *
 *   npm run admin:create -- --email ana@example.com --nombre Ana --apellido Quesada [--stage prod]
 *
 * The user pool and the table come from the stacks' outputs (`<prefix>Auth` UserPoolId,
 * `<prefix>Data` TableName, read with CloudFormation in the current AWS credentials' account and
 * region), or from --user-pool-id and --table. The password is read from the terminal without
 * echo, or from standard input when it is piped; never from the command line, where the shell
 * history and the process list would keep it.
 *
 * The user is created exactly as the admin panel creates staff (usuarios/store.ts crearUsuario):
 * the Cognito user in group admin, the profile, the access item and the activity entry in one
 * transaction, and the Cognito user removed again if anything after its creation fails.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { usuarioCrearSchema } from '@cuota/shared/schemas/usuarios';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { STAGE_NAMES, STAGES, type StageName } from '../lib/stages';

/** What the command writes (operator messages, Spanish as the product). */
export const TEXTOS = {
  uso: 'Uso: npm run admin:create -- --email <email> --nombre <nombre> --apellido <apellido> [--stage dev|staging|prod | --stack-prefix <prefijo>] [--user-pool-id <id> --table <tabla>] [--region <región>]',
  contrasenaEnArgumentos:
    'La contraseña no se acepta como argumento (quedaría en el historial y en la lista de procesos): escríbala cuando se le pida o envíela por la entrada estándar.',
  pedirContrasena: 'Contraseña del administrador (al menos 16 caracteres): ',
  repetirContrasena: 'Repita la contraseña: ',
  noCoinciden: 'Las contraseñas no coinciden. No se creó nada.',
  sinContrasena: 'Falta la contraseña en la entrada estándar. No se creó nada.',
  stageDesconocido: (s: string) => `Stage desconocido "${s}": use ${STAGE_NAMES.join(', ')}.`,
  datosInvalidos: 'Datos inválidos. No se creó nada:',
  sinPila: (pila: string) =>
    `No se encontró la pila ${pila} (o su salida) con las credenciales y la región actuales: indique --stage o --stack-prefix, o bien --user-pool-id y --table.`,
  destino: (pool: string, tabla: string) => `User pool ${pool}, tabla ${tabla}.`,
  yaExiste: `${usuariosTexts.emailTaken}. No se creó nada.`,
  creado: (email: string, id: string) =>
    `Administrador creado: ${email} (id ${id}). Inicie sesión en el panel con ese email y active la verificación en dos pasos en Configuración → Seguridad.`,
  fallo: (mensaje: string) => `No se pudo crear el administrador: ${mensaje}`,
} as const;

/** The system actor of the activity entry: nobody signed in made this user. */
const SISTEMA = {
  userId: 'sistema',
  email: '',
  nombre: 'Sistema',
  apellido: '(alta inicial)',
  roles: [],
  isStaff: false,
};

export interface Entrada extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

export interface Opciones {
  argv: readonly string[];
  entrada: Entrada;
  /** One line of output. */
  escribir: (linea: string) => void;
  /** Where stack outputs are read (a test gives its own). */
  cloudFormation?: Pick<CloudFormationClient, 'send'>;
}

/** The password: hidden prompt (typed twice) on a terminal, else the first line of standard input. */
async function leerContrasena(entrada: Entrada, escribir: (l: string) => void): Promise<string | null> {
  if (entrada.isTTY) {
    let mudo = false;
    const salida = new Writable({
      write(chunk: Buffer, _enc, done) {
        if (!mudo) process.stdout.write(chunk);
        done();
      },
    });
    const rl = createInterface({ input: entrada, output: salida, terminal: true });
    const preguntar = (texto: string) =>
      new Promise<string>((resolve) => {
        mudo = false;
        rl.question(texto, (r) => {
          process.stdout.write('\n');
          resolve(r);
        });
        mudo = true;
      });
    try {
      const primera = await preguntar(TEXTOS.pedirContrasena);
      const segunda = await preguntar(TEXTOS.repetirContrasena);
      if (primera !== segunda) {
        escribir(TEXTOS.noCoinciden);
        return null;
      }
      return primera;
    } finally {
      rl.close();
    }
  }
  let texto = '';
  for await (const chunk of entrada) texto += String(chunk);
  const linea = texto.split(/\r?\n/)[0] ?? '';
  return linea === '' ? null : linea;
}

async function salidaDePila(cfn: Pick<CloudFormationClient, 'send'>, pila: string, salida: string): Promise<string | null> {
  try {
    const { Stacks = [] } = await cfn.send(new DescribeStacksCommand({ StackName: pila }));
    return Stacks[0]?.Outputs?.find((o) => o.OutputKey === salida)?.OutputValue ?? null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ValidationError') return null; // "Stack with id … does not exist"
    throw error;
  }
}

/** Runs the command; resolves to the exit code (0 created, 1 refused or failed, 2 usage or invalid data). */
export async function crearPrimerAdmin({ argv, entrada, escribir, cloudFormation }: Opciones): Promise<number> {
  if (argv.some((a) => /^--?(password|contrasena|contraseña)\b/i.test(a))) {
    escribir(TEXTOS.contrasenaEnArgumentos);
    return 2;
  }
  let valores;
  try {
    ({ values: valores } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        nombre: { type: 'string' },
        apellido: { type: 'string' },
        stage: { type: 'string' },
        'stack-prefix': { type: 'string' },
        'user-pool-id': { type: 'string' },
        table: { type: 'string' },
        region: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    escribir(String((error as Error).message));
    escribir(TEXTOS.uso);
    return 2;
  }
  if (!valores.email) {
    escribir(TEXTOS.uso);
    return 2;
  }
  const stage = valores.stage;
  if (stage && !(STAGE_NAMES as readonly string[]).includes(stage)) {
    escribir(TEXTOS.stageDesconocido(stage));
    return 2;
  }
  if (valores.region) process.env.AWS_REGION = valores.region;

  const password = await leerContrasena(entrada, escribir);
  if (password === null) {
    if (!entrada.isTTY) escribir(TEXTOS.sinContrasena);
    return 2;
  }
  // the schema of POST /api/usuarios (16+ characters for an admin), with its Spanish messages
  const datos = usuarioCrearSchema.safeParse({
    nombre: valores.nombre ?? '',
    apellido: valores.apellido ?? '',
    email: valores.email,
    rol: 'admin',
    password,
  });
  if (!datos.success) {
    const { issuesToDetails } = await import('@cuota/functions/commons/http');
    escribir(TEXTOS.datosInvalidos);
    for (const [campo, mensaje] of Object.entries(issuesToDetails(datos.error))) escribir(`  ${campo}: ${mensaje}`);
    return 2;
  }

  const prefijo = valores['stack-prefix'] ?? (stage ? STAGES[stage as StageName].prefix : 'Cuota');
  const cfn = cloudFormation ?? new CloudFormationClient({});
  const pool = valores['user-pool-id'] ?? (await salidaDePila(cfn, `${prefijo}Auth`, 'UserPoolId'));
  if (!pool) {
    escribir(TEXTOS.sinPila(`${prefijo}Auth`));
    return 1;
  }
  const tabla = valores.table ?? (await salidaDePila(cfn, `${prefijo}Data`, 'TableName'));
  if (!tabla) {
    escribir(TEXTOS.sinPila(`${prefijo}Data`));
    return 1;
  }
  escribir(TEXTOS.destino(pool, tabla));
  // what the functions read (commons/cognito.ts userPoolId, commons/db.ts tableName)
  process.env.USER_POOL_ID = pool;
  process.env.TABLE_NAME = tabla;

  const { crearUsuario } = await import('@cuota/functions/handlers/usuarios/store');
  try {
    const usuario = await crearUsuario(datos.data, SISTEMA);
    escribir(TEXTOS.creado(usuario.email, usuario.id));
    return 0;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'EMAIL_TAKEN') escribir(TEXTOS.yaExiste);
    else escribir(TEXTOS.fallo(message ?? String(error)));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
  const codigo = await crearPrimerAdmin({
    argv: process.argv.slice(2),
    entrada: process.stdin,
    escribir: (linea) => process.stdout.write(`${linea}\n`),
  });
  process.exitCode = codigo;
}
