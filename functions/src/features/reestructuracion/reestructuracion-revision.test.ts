import { DEFAULT_TIMEZONE, fechaNegocio, reestructuracionesSchema } from '@cuota/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ANALISTA, COBRADOR, type TestCaller } from '../../../test/events';
import { leerCredito, metodosDePrueba, creditoEnMora } from '../../../test/pagos-fixtures';
import { tasaMoratoriaTope } from './service';
import {
  aprobarReestructuracion,
  listarReestructuraciones,
  rechazarPago,
  readecuacion,
  cobroEnEfectivo,
  reestructurarCredito,
  reportarPagoDelCliente,
} from '../../../test/rutas';

const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);

const reestructurarComo = (caller: TestCaller, id: string) => reestructurarCredito(caller, id, readecuacion, randomUUID());

beforeAll(async () => {
  await metodosDePrueba();
});

describe('reestructuración: reglas de la revisión', () => {
  it('con un pago reportado pendiente de conciliar no se reestructura (409) hasta aprobarlo o rechazarlo', async () => {
    const { caller, credito } = await creditoEnMora(40);
    const reportado = await reportarPagoDelCliente(caller, credito.id, 50_000_00, hoy);
    expect(reportado.status).toBe(201);
    const antes = await leerCredito(credito.id);

    const directa = await reestructurarComo(ADMIN, credito.id);
    expect(directa.status).toBe(409);
    expect(directa.body.code).toBe('PAGOS_POR_CONCILIAR');
    expect(directa.body.message).toBe(
      'El crédito tiene un pago reportado pendiente de conciliar. Apruébelo o rechácelo antes de reestructurar.',
    );
    // an analista's proposal moves no money; its approval is refused the same way
    const propuesta = await reestructurarComo(ANALISTA, credito.id);
    expect(propuesta.status).toBe(201);
    const aprobada = await aprobarReestructuracion(ADMIN, credito.id, { reestructuracion_id: propuesta.body.id }, randomUUID());
    expect(aprobada.status).toBe(409);
    expect(aprobada.body.code).toBe('PAGOS_POR_CONCILIAR');
    expect((await leerCredito(credito.id)).credito.version).toBe(antes.credito.version);

    const rechazo = await rechazarPago(ADMIN, reportado.body.id, { motivo: 'No aparece en el banco' });
    expect(rechazo.status).toBe(200);
    expect((await reestructurarComo(ADMIN, credito.id)).status).toBe(201);
    expect((await leerCredito(credito.id)).credito.reestructuraciones).toBe(1);
  });

  it('el registro guarda el calendario reemplazado tal como estaba: montos, lo pagado, la mora y el saldo tras cada cuota', async () => {
    const { credito } = await creditoEnMora(75);
    const pago = await cobroEnEfectivo(credito.id, 60_000_00, hoy);
    expect(pago.status).toBe(201);
    const { cuotas } = await leerCredito(credito.id);
    const res = await reestructurarComo(ADMIN, credito.id);
    expect(res.status).toBe(201);
    const lista = await listarReestructuraciones(COBRADOR, credito.id);
    expect(reestructuracionesSchema.safeParse(lista.body).error?.issues ?? []).toEqual([]);
    const anteriores = lista.body.items[0].cuotas_anteriores as Array<Record<string, number | boolean | string>>;
    expect(anteriores).toHaveLength(12);
    const n = (v: unknown) => Number(v ?? 0);
    let saldo = 1_000_000_00;
    for (const [k, q] of cuotas.sort((a, b) => n(a.numero_cuota) - n(b.numero_cuota)).entries()) {
      saldo -= n(q.monto_capital_centimos);
      expect(anteriores[k]).toMatchObject({
        numero_cuota: n(q.numero_cuota),
        monto_capital_centimos: n(q.monto_capital_centimos),
        monto_interes_centimos: n(q.monto_interes_centimos),
        saldo_capital_despues_centimos: saldo,
        monto_mora_centimos: n(q.monto_mora_centimos),
        pagado_capital_centimos: n(q.pagado_capital_centimos),
        pagado_interes_centimos: n(q.pagado_interes_centimos),
        pagado_mora_centimos: n(q.pagado_mora_centimos),
        pagada: Boolean(q.pagada),
      });
    }
    expect(saldo).toBe(0);
    expect(anteriores[0]!.saldo_capital_despues_centimos).toBeGreaterThan(0);
    const pagado = anteriores.reduce(
      (s, q) => s + n(q.pagado_capital_centimos) + n(q.pagado_interes_centimos) + n(q.pagado_mora_centimos),
      0,
    );
    expect(pagado).toBe(60_000_00);
    expect(anteriores.some((q) => n(q.monto_mora_centimos) > 0)).toBe(true);
  });
});

describe('tope de la tasa moratoria al bajar la tasa (Código de Comercio art. 498)', () => {
  /** Exact reference: hundredths of a percent as BigInt, the cap truncated to the hundredth. */
  const centesimas = (s: string) => {
    const [e, d = ''] = s.split('.');
    return BigInt(e!) * 100n + BigInt(d.padEnd(2, '0'));
  };
  const texto = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
  const referencia = (actual: string, nueva: string) => {
    const tope = (centesimas(nueva) * 13n) / 10n;
    return centesimas(actual) > tope ? texto(tope) : actual;
  };

  it('casos límite: en el tope queda igual, una centésima arriba baja al tope, el tope se trunca', () => {
    expect(tasaMoratoriaTope(null, '20.00')).toBeNull();
    expect(tasaMoratoriaTope('26.00', '20.00')).toBe('26.00');
    expect(tasaMoratoriaTope('26.01', '20.00')).toBe('26.00');
    // 20.15 × 1.3 = 26.195: truncated to 26.19, never rounded up past the cap
    expect(tasaMoratoriaTope('30.00', '20.15')).toBe('26.19');
    expect(tasaMoratoriaTope('26.19', '20.15')).toBe('26.19');
    expect(tasaMoratoriaTope('26.20', '20.15')).toBe('26.19');
    expect(tasaMoratoriaTope('200.00', '0.01')).toBe('0.01');
    expect(tasaMoratoriaTope('130.00', '100.00')).toBe('130.00');
    expect(tasaMoratoriaTope('130.01', '100.00')).toBe('130.00');
  });

  it('coincide con la aritmética exacta en toda tasa nueva de 0,00 a 100,00 (la que acepta una readecuación)', () => {
    for (let n = 0n; n <= 10_000n; n += 1n) {
      const nueva = texto(n);
      const tope = (n * 13n) / 10n;
      for (const actual of [texto(tope), texto(tope + 1n), texto(tope > 0n ? tope - 1n : 0n), '36.40']) {
        expect(tasaMoratoriaTope(actual, nueva)).toBe(referencia(actual, nueva));
      }
    }
  });
});
