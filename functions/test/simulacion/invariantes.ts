import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { diasEntre, parseDecimal, sumarDias } from '@cuota/shared';
import { ddb, queryAll, tableName } from '../../src/commons/db';
import { AL_COBRO } from '../../src/commons/items';
import { keys } from '../../src/commons/keys';
import { normalizarCuota, pendiente, type CuotaSaldo } from '../../src/features/cierre/domain';
import { aplicarPago } from '../../src/features/cierre/aplicacion';

/**
 * Every invariant of every credit of the table, checked from the stored items alone — not from
 * the engine's own functions — after each step of the simulation:
 * - the schedule is whole: cuotas 1…plazo, Σ capital = principal, total = capital + interés;
 * - no component is negative or paid beyond its amount;
 * - money is conserved (BigInt sums): Σ applied of the conciliado pagos = Σ their amounts, and per
 *   component equals what the cuotas say was paid; principal = saldo_capital + Σ capital applied;
 *   the credit's balances are what its cuotas owe; registrado and revertido pagos moved nothing;
 * - mora and payments are exact: the credit is replayed day by day from its pagos' value dates
 *   (one day's mora per unpaid overdue cuota, capital × rate / 36 500 half-even in BigInt, then
 *   the day's payments in approval order) and must match every cuota to the céntimo;
 * - the estado, días de mora and next due date are the rules' for the credit's computed date, and,
 *   once the close of `fecha` ran, for `fecha` itself (nobody left behind by the close's index);
 * - each client's credit-line usage is Σ saldo_capital of its credits.
 */

type Item = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);
const b = (v: unknown) => BigInt(n(v));

export interface Violacion {
  credito: string;
  regla: string;
  detalle: string;
}

export interface RevisionCartera {
  creditos: number;
  comprobaciones: number;
  violaciones: Violacion[];
}

/** Every credit in the given states (the gsi2 list of each state). */
export async function creditosEnEstados(estados: readonly string[]): Promise<Item[]> {
  const listas = await Promise.all(
    estados.map(
      async (estado) =>
        (
          await queryAll({
            TableName: tableName(),
            IndexName: 'gsi2',
            KeyConditionExpression: 'gsi2pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.creditosList(estado) },
          })
        ).items,
    ),
  );
  return listas.flat();
}

/** Reads run side by side at most this many at a time (the simulation writes nothing meanwhile). */
const LECTURAS_A_LA_VEZ = 8;

/** `fn` over `xs`, at most `n` at a time; the results in the order of `xs`. */
async function enParalelo<T, R>(xs: readonly T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let siguiente = 0;
  const trabajador = async () => {
    while (siguiente < xs.length) {
      const i = siguiente++;
      out[i] = await fn(xs[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, xs.length) }, trabajador));
  return out;
}

/** A credit's partition (the credit and its cuotas) and its pagos, read strongly consistent. */
async function leerCredito(id: string): Promise<{ items: Item[]; pagos: Item[] }> {
  const [particion, pagos] = await Promise.all([
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.credito(id).pk },
      ConsistentRead: true,
    }),
    queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `CREDITO#${id}#PAGOS` },
    }),
  ]);
  return { items: particion.items, pagos: pagos.items };
}

function mediaPar(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r2 = 2n * (num % den);
  return r2 < den ? q : r2 > den ? q + 1n : q % 2n === 0n ? q : q + 1n;
}

/** The credit replayed day by day from its schedule and conciliado pagos, up to `hasta`. */
export function referencia(
  credito: Item,
  plan: readonly CuotaSaldo[],
  conciliados: readonly Item[],
  hasta: string,
): CuotaSaldo[] {
  const tasa = parseDecimal(String(credito.tasa_moratoria_anual ?? credito.tasa_interes_anual));
  let cuotas: CuotaSaldo[] = plan.map((c) => ({
    ...c,
    monto_mora_centimos: 0,
    pagado_capital_centimos: 0,
    pagado_interes_centimos: 0,
    pagado_mora_centimos: 0,
    interes_condonado_centimos: 0,
    pagada: false,
    pagada_en: null,
    dias_mora: 0,
  }));
  const pagos = [...conciliados].sort((x, y) => String(x.conciliado_en).localeCompare(String(y.conciliado_en)));
  for (let dia = String(credito.fecha_desembolso); dia <= hasta; dia = sumarDias(dia, 1)) {
    for (const c of cuotas) {
      if (!c.pagada && c.fecha_vencimiento < dia) {
        c.monto_mora_centimos += Number(mediaPar(BigInt(pendiente(c).capital) * tasa.num, tasa.den * 36_500n));
      }
    }
    for (const p of pagos.filter((x) => x.fecha_valor === dia)) {
      const interes = {
        tasa_interes_anual: String(credito.tasa_interes_anual),
        fecha_desembolso: String(credito.fecha_desembolso),
      };
      cuotas = aplicarPago({ cuotas, montoCentimos: n(p.monto_centimos), fecha: dia, interes }).cuotas;
    }
  }
  return cuotas;
}

/** The estado the rules give on `fecha` for these cuotas (lending-rules.md "Daily close of business"). */
function estadoEsperado(cuotas: readonly CuotaSaldo[], credito: Item, fecha: string): string {
  if (cuotas.every((c) => c.pagada)) return 'cancelado';
  const peor = Math.max(0, ...cuotas.filter((c) => !c.pagada).map((c) => diasEntre(c.fecha_vencimiento, fecha)));
  if (peor > n(credito.dias_tolerancia)) return 'vencido';
  return String(credito.fecha_primer_vencimiento) >= fecha ? 'vigente' : 'al_dia';
}

export async function revisarCartera(opts: {
  /** The business date; when `cierreHecho`, every credit must be computed to it. */
  fecha: string;
  cierreHecho: boolean;
}): Promise<RevisionCartera> {
  const violaciones: Violacion[] = [];
  let comprobaciones = 0;
  const creditos = await creditosEnEstados(['vigente', 'al_dia', 'vencido', 'cancelado']);
  const saldoPorCliente = new Map<string, bigint>();
  const leidos = await enParalelo(creditos, LECTURAS_A_LA_VEZ, (c) => leerCredito(String(c.id)));

  for (const [k, credito] of creditos.entries()) {
    const numero = String(credito.numero_credito);
    const falla = (regla: string, detalle: unknown) =>
      violaciones.push({ credito: numero, regla, detalle: JSON.stringify(detalle) });
    const exigir = (ok: boolean, regla: string, detalle: unknown) => {
      comprobaciones++;
      if (!ok) falla(regla, detalle);
    };
    const { items, pagos } = leidos[k]!;
    const actual = items.find((i) => i.tipo === 'credito')!;
    const guardadas = items.filter((i) => i.tipo === 'cuota').sort((x, y) => n(x.numero_cuota) - n(y.numero_cuota));
    const cuotas = guardadas.map(normalizarCuota);
    const conciliados = pagos.filter((p) => p.estado === 'conciliado');
    const principal = b(actual.monto_principal_centimos);
    const suma = (xs: Item[], campo: string) => xs.reduce((s, x) => s + b(x[campo]), 0n);

    // the schedule is whole
    exigir(
      guardadas.length === n(actual.plazo_meses) && guardadas.every((c, k) => n(c.numero_cuota) === k + 1),
      'calendario completo',
      { cuotas: guardadas.length, plazo: actual.plazo_meses },
    );
    exigir(
      suma(guardadas, 'monto_capital_centimos') === principal,
      'Σ capital = principal',
      suma(guardadas, 'monto_capital_centimos').toString(),
    );
    for (const c of guardadas) {
      exigir(
        n(c.monto_total_centimos) === n(c.monto_capital_centimos) + n(c.monto_interes_centimos),
        'total = capital + interés',
        c.numero_cuota,
      );
    }
    for (const c of cuotas) {
      const ok =
        c.pagado_capital_centimos >= 0 &&
        c.pagado_capital_centimos <= c.monto_capital_centimos &&
        c.pagado_interes_centimos >= 0 &&
        c.pagado_interes_centimos + c.interes_condonado_centimos <= c.monto_interes_centimos &&
        c.pagado_mora_centimos >= 0 &&
        c.pagado_mora_centimos <= c.monto_mora_centimos &&
        c.monto_mora_centimos >= 0;
      exigir(ok, 'componentes entre 0 y su monto', c);
      exigir(c.pagada === (pendiente(c).total === 0), 'pagada ⇔ nada pendiente', c.numero_cuota);
    }

    // money is conserved
    const aplicado = (campo: string) => suma(conciliados, `aplicado_${campo}_centimos`);
    exigir(
      aplicado('mora') + aplicado('interes') + aplicado('capital') === suma(conciliados, 'monto_centimos'),
      'cada pago aplica exactamente su monto',
      conciliados.map((p) => p.id),
    );
    for (const campo of ['capital', 'interes', 'mora']) {
      exigir(
        suma(guardadas, `pagado_${campo}_centimos`) === aplicado(campo),
        `Σ pagado_${campo} de cuotas = Σ aplicado de pagos`,
        campo,
      );
    }
    exigir(
      principal === b(actual.saldo_capital_centimos) + aplicado('capital'),
      'principal = saldo_capital + Σ capital aplicado',
      {
        principal: principal.toString(),
        saldo: actual.saldo_capital_centimos,
      },
    );
    exigir(
      n(actual.saldo_capital_centimos) === cuotas.reduce((s, c) => s + pendiente(c).capital, 0) &&
        n(actual.saldo_mora_centimos) === cuotas.reduce((s, c) => s + pendiente(c).mora, 0),
      'saldos del crédito = lo que deben sus cuotas',
      { saldo_capital: actual.saldo_capital_centimos, saldo_mora: actual.saldo_mora_centimos },
    );
    for (const p of pagos.filter((x) => x.estado !== 'conciliado')) {
      exigir(
        n(p.aplicado_capital_centimos) + n(p.aplicado_interes_centimos) + n(p.aplicado_mora_centimos) === 0,
        'un pago no conciliado no mueve dinero',
        p.id,
      );
    }

    // exact to the céntimo against the day-by-day reference, as of the date it was computed to
    const calculado = [actual.calculado_hasta, actual.ultimo_cierre]
      .filter((f): f is string => typeof f === 'string')
      .sort()
      .at(-1);
    if (calculado) {
      const ref = referencia(actual, cuotas, conciliados, calculado);
      for (const [k, c] of cuotas.entries()) {
        const e = ref[k]!;
        exigir(
          c.monto_mora_centimos === e.monto_mora_centimos &&
            c.pagado_capital_centimos === e.pagado_capital_centimos &&
            c.pagado_interes_centimos === e.pagado_interes_centimos &&
            c.pagado_mora_centimos === e.pagado_mora_centimos &&
            c.pagada === e.pagada,
          'cuota exacta frente a la referencia día a día',
          { cuota: c.numero_cuota, guardada: c, referencia: e, calculado },
        );
      }
      exigir(actual.estado === estadoEsperado(cuotas, actual, calculado), 'estado de las reglas a su fecha de cálculo', {
        estado: actual.estado,
        esperado: estadoEsperado(cuotas, actual, calculado),
        calculado,
      });
    }
    const impagas = cuotas.filter((c) => !c.pagada);
    exigir(
      (actual.proximo_vencimiento ?? null) === (impagas[0]?.fecha_vencimiento ?? null),
      'próximo vencimiento = cuota impaga más antigua',
      actual.proximo_vencimiento,
    );
    if (actual.estado === 'cancelado') {
      exigir(
        actual.gsi3pk === undefined && n(actual.saldo_capital_centimos) === 0 && n(actual.saldo_mora_centimos) === 0,
        'cancelado: sin saldo y fuera del índice de cobro',
        actual.gsi3sk,
      );
    } else {
      exigir(actual.gsi3pk === AL_COBRO, 'un crédito por cobrar está en el índice del cierre', actual.gsi3sk);
      // once the date is closed, every credit shows what the rules give for that date
      if (opts.cierreHecho && String(actual.fecha_desembolso) < opts.fecha) {
        const esperado = estadoEsperado(cuotas, actual, opts.fecha);
        const diasMax = Math.max(0, ...impagas.map((c) => diasEntre(c.fecha_vencimiento, opts.fecha)));
        exigir(
          actual.estado === esperado && n(actual.dias_mora_max) === diasMax,
          'estado y días de mora de las reglas a la fecha de negocio',
          {
            estado: actual.estado,
            esperado,
            dias_mora_max: actual.dias_mora_max,
            diasMax,
            fecha: opts.fecha,
            ultimo_cierre: actual.ultimo_cierre,
          },
        );
      }
    }
    const cliente = String(actual.cliente_id);
    saldoPorCliente.set(cliente, (saldoPorCliente.get(cliente) ?? 0n) + b(actual.saldo_capital_centimos));
  }

  // each client's credit line follows its credits' capital
  const porCliente = [...saldoPorCliente];
  const lineas = await enParalelo(
    porCliente,
    LECTURAS_A_LA_VEZ,
    async ([cliente]) =>
      (await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.lineaCredito(cliente), ConsistentRead: true }))).Item,
  );
  for (const [k, [cliente, saldo]] of porCliente.entries()) {
    const linea = lineas[k];
    comprobaciones++;
    if (linea && b(linea.usado_centimos) !== saldo) {
      violaciones.push({
        credito: `cliente ${cliente}`,
        regla: 'línea usada = Σ saldo_capital',
        detalle: `${String(linea.usado_centimos)} ≠ ${saldo}`,
      });
    }
  }
  return { creditos: creditos.length, comprobaciones, violaciones };
}
