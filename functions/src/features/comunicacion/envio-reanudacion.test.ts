import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  campanaEnviando,
  conteo,
  correosDe,
  destinatariosDe,
  procesarStream,
  REMITENTE,
  sembrarClientes,
  sesLocal,
} from '../../../test/campanas-fixtures';
import { notificacionesDe } from '../../../test/lending-fixtures';
import { LectorStream, tablaPropia } from '../../../test/stream';
import { puertosLocales } from '../../../../infra/local/ses-libro';
import { campanaADespachar, despacharCon } from './despachar-campanas';
import { handler as reanudar } from './reanudar-campanas';
import { campanaDeItem as toCampana } from '#entities/campana';
import { leerCampana } from './store';

/** The sender as the local stack runs it (its ledger is the local SES's store). */
const despachar = despacharCon(puertosLocales);

const RAIZ = fileURLToPath(new URL('../../../../', import.meta.url));
const TOTAL = 500;
const SIN_EMAIL = 7;
const LEASE_MS = 2000;

let ses: Awaited<ReturnType<typeof sesLocal>>;
let hijo: ChildProcess | undefined;
beforeAll(async () => {
  ses = await sesLocal();
});
afterAll(() => {
  hijo?.kill('SIGKILL');
  ses?.child.kill('SIGKILL');
});

describe('campaña de 500 destinatarios: el remitente muere a mitad (SIGKILL) y se reanuda', () => {
  // 500 recipients over a sender killed and resumed: ~20 s alone, ~85 s while the suite seeds demo
  // portfolios through the engine beside it; the time limit catches a hang, not slowness
  it('cada destinatario con email aparece exactamente una vez en el store de SES y la campaña termina completada', async () => {
    const lector = new LectorStream((await tablaPropia('cuota-reanudacion')).streamArn);
    const clientes = await sembrarClientes(TOTAL, { sinEmail: SIN_EMAIL });
    await procesarStream(lector);
    const campana = await campanaEnviando('todos', 'Gran campaña');
    expect(campana.total_destinatarios).toBe(TOTAL);

    // the sender in its own process, 90 messages per batch; SES's answers arrive 400 ms late
    hijo = spawn(process.execPath, ['--import', 'tsx', 'functions/test/remitente-hijo.ts', campana.id], {
      cwd: RAIZ,
      env: {
        ...process.env,
        AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint'),
        SES_ENVIOS_POR_SEGUNDO: '90',
        CAMPANA_LEASE_MS: String(LEASE_MS),
        REMITENTE_RETRASO_MS: '400',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let salida = '';
    hijo.stdout?.on('data', (d: Buffer) => (salida += d.toString()));
    hijo.stderr?.on('data', (d: Buffer) => (salida += d.toString()));
    const termino = new Promise<NodeJS.Signals | null>((r) => hijo!.once('exit', (_code, signal) => r(signal)));

    // SIGKILL as soon as SES holds at least 150 of them: mid-batch, sent but not recorded
    let antes = 0;
    for (const limite = Date.now() + 40_000; ;) {
      antes = (await correosDe(ses.store, campana.id)).length;
      if (antes >= 150) break;
      if (Date.now() > limite || hijo.exitCode !== null)
        throw new Error(`el remitente no avanzó (${antes} enviados):\n${salida}`);
      await new Promise((r) => setTimeout(r, 15));
    }
    hijo.kill('SIGKILL');
    expect(await termino).toBe('SIGKILL');
    expect(salida).not.toContain('terminado');

    const alMorir = await destinatariosDe(campana.id);
    const enSes = (await correosDe(ses.store, campana.id)).length;
    const sinResultado = alMorir.filter((d) => d.estado === 'reclamado');
    expect(enSes).toBeLessThan(TOTAL - SIN_EMAIL);
    expect((await leerCampana(campana.id))!.estado).toBe('enviando');
    // the interesting window: claims made (and maybe sent) whose result was never recorded
    expect(sinResultado.length).toBeGreaterThan(0);

    // resume the way production does: the job finds the expired lease on gsi3 and sets a new
    // despacho; the stream delivers it to the sender
    await new Promise((r) => setTimeout(r, LEASE_MS + 100));
    expect((await reanudar()).redespachadas).toEqual([campana.id]);
    process.env.SES_ENVIOS_POR_SEGUNDO = '90';
    process.env.CAMPANA_LEASE_MS = String(LEASE_MS);
    const registros = await lector.nuevos();
    expect(new Set(registros.map((r) => campanaADespachar(r as never)).filter(Boolean))).toEqual(new Set([campana.id]));
    await despachar({ Records: registros } as never, { getRemainingTimeInMillis: () => 900_000 });

    const correos = await correosDe(ses.store, campana.id);
    const veces = conteo(correos.map((c) => c.destinatario));
    const conEmail = clientes.filter((c) => c.email);
    expect(correos).toHaveLength(conEmail.length);
    expect([...veces.values()].every((v) => v === 1)).toBe(true);
    expect(new Set(veces.keys())).toEqual(new Set(conEmail.map((c) => c.id)));
    for (const c of correos.slice(0, 20))
      expect(c.destination.to).toEqual([conEmail.find((x) => x.id === c.destinatario)!.email]);

    const final = toCampana((await leerCampana(campana.id))!);
    expect(final).toMatchObject({
      estado: 'completado',
      total_destinatarios: TOTAL,
      enviados: TOTAL - SIN_EMAIL,
      omitidos: SIN_EMAIL,
      fallidos: 0,
    });
    const items = await destinatariosDe(campana.id);
    expect(items).toHaveLength(TOTAL);
    expect(conteo(items.map((i) => String(i.estado)))).toEqual(
      new Map([
        ['enviado', TOTAL - SIN_EMAIL],
        ['omitido', SIN_EMAIL],
      ]),
    );
    // the claims the dead run left were settled: by the ledger if SES had them, else sent once now
    const porLibro = items.filter((i) => i.por_libro === true).length;
    expect(porLibro).toBeGreaterThan(0);
    expect(porLibro).toBeLessThanOrEqual(sinResultado.length);
    expect((await notificacionesDe(REMITENTE.userId)).filter((n) => String(n.mensaje).includes('"Gran campaña"'))).toHaveLength(
      1,
    );
  }, 240_000);
});
