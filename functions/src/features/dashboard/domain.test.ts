import fc from 'fast-check';
import { fechaNegocio } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import {
  alertasDashboard,
  cifrasCartera,
  compararSecuencia,
  contribucion,
  decidir,
  diasDesde,
  diasMoraCredito,
  diferencia,
  porcentaje,
  sumarContribuciones,
  tasaMorosidad,
  tramoMora,
  ultimosDias,
  ultimosMeses,
  type Contribucion,
} from './domain';

const ctx = { fecha: '2026-03-15', fechaDe: (iso: string) => iso.slice(0, 10) };
const CARTERA = 'AGG#CARTERA|RESUMEN';

const credito = (over: Record<string, unknown> = {}) => ({
  id: 'C1',
  estado: 'vencido',
  saldo_capital_centimos: 500_000_00,
  saldo_mora_centimos: 12_345,
  monto_principal_centimos: 750_000_00,
  fecha_desembolso: '2025-09-03',
  proximo_vencimiento: '2026-02-03',
  ...over,
});

describe('contribución de un crédito', () => {
  it('cuenta el estado, su capital, la mora, el tramo de antigüedad y el desembolso del mes', () => {
    expect(contribucion('credito', credito(), ctx)).toEqual({
      [CARTERA]: {
        creditos_vencido: 1,
        capital_vencido_centimos: 500_000_00,
        mora_centimos: 12_345,
        creditos_con_mora: 1,
        aging_31_60_creditos: 1,
        aging_31_60_capital_centimos: 500_000_00,
      },
      'AGG#MES#2025-09|RESUMEN': { desembolsos: 1, desembolsado_centimos: 750_000_00 },
      // the risk aggregate: one credit and its balance under its días de mora (dashboard/riesgo.ts)
      'AGG#RIESGO|RESUMEN': { n_40: 1, s_40: 500_000_00 },
    });
  });

  it('cuenta por cliente los créditos activos (vigente, al día) y en mora (vencido o con saldo de mora) para los segmentos', () => {
    const SEG = 'AGG#SEGCLI#CLI-9|RESUMEN';
    expect(contribucion('credito', credito({ cliente_id: 'CLI-9' }), ctx)[SEG]).toEqual({ creditos_morosos: 1 });
    expect(contribucion('credito', credito({ cliente_id: 'CLI-9', estado: 'al_dia', saldo_mora_centimos: 0 }), ctx)[SEG]).toEqual(
      { creditos_activos: 1 },
    );
    expect(contribucion('credito', credito({ cliente_id: 'CLI-9', estado: 'vigente' }), ctx)[SEG]).toEqual({
      creditos_activos: 1,
      creditos_morosos: 1,
    });
    expect(contribucion('credito', credito({ cliente_id: 'CLI-9', estado: 'cancelado' }), ctx)[SEG]).toBeUndefined();
    expect(contribucion('cliente', { id: 'CLI-9', riesgo: null }, ctx)[SEG]).toEqual({ cliente: 1 });
  });

  it('un crédito cancelado no entra en la antigüedad de mora aunque tenga una cuota vieja', () => {
    const c = contribucion('credito', credito({ estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 }), ctx);
    expect(c[CARTERA]).toEqual({ creditos_cancelado: 1 });
  });

  it('usa dias_mora_max del cierre diario cuando existe, si no la fecha del próximo vencimiento', () => {
    expect(diasMoraCredito(credito({ dias_mora_max: 95 }), ctx.fecha)).toBe(95);
    expect(diasMoraCredito(credito({ dias_mora_max: 0 }), ctx.fecha)).toBe(0);
    expect(diasMoraCredito(credito(), ctx.fecha)).toBe(40);
    expect(diasMoraCredito(credito({ proximo_vencimiento: '2026-03-15' }), ctx.fecha)).toBe(0);
    expect(diasMoraCredito(credito({ proximo_vencimiento: null }), ctx.fecha)).toBe(0);
  });

  it('ignora estados desconocidos', () => {
    expect(contribucion('credito', credito({ estado: 'raro' }), ctx)).toEqual({});
  });
});

describe('tramos de antigüedad', () => {
  it('separa 1–30, 31–60, 61–90 y más de 90 días', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(tramoMora)).toEqual([
      null,
      '1_30',
      '1_30',
      '31_60',
      '31_60',
      '61_90',
      '61_90',
      'mas_90',
      'mas_90',
    ]);
  });
});

describe('contribución de solicitudes, pagos, clientes y notificaciones', () => {
  it('una solicitud cuenta en su estado', () => {
    expect(contribucion('solicitud', { estado: 'en_analisis' }, ctx)).toEqual({
      'AGG#SOLICITUDES|RESUMEN': { solicitudes_en_analisis: 1 },
    });
  });

  it('un pago registrado cuenta como pendiente; conciliado, por fecha de pago, de conciliación y mes; revertido no cuenta', () => {
    const pago = {
      monto_centimos: 94_559_60,
      fecha_pago: '2026-03-14',
      aplicado_capital_centimos: 80_000_00,
      aplicado_interes_centimos: 14_559_60,
    };
    expect(contribucion('pago', { ...pago, estado: 'registrado' }, ctx)).toEqual({
      'AGG#PAGOS|RESUMEN': { pendientes: 1, pendientes_centimos: 94_559_60 },
    });
    expect(contribucion('pago', { ...pago, estado: 'conciliado', conciliado_en: '2026-03-15T15:00:00.000Z' }, ctx)).toEqual({
      'AGG#PAGOS_DIA#2026-03-14|RESUMEN': { recibidos: 1, recibidos_centimos: 94_559_60 },
      'AGG#PAGOS_DIA#2026-03-15|RESUMEN': { conciliados: 1, conciliados_centimos: 94_559_60 },
      'AGG#MES#2026-03|RESUMEN': {
        cobros: 1,
        cobrado_centimos: 94_559_60,
        cobrado_capital_centimos: 80_000_00,
        cobrado_interes_centimos: 14_559_60,
      },
    });
    expect(contribucion('pago', { ...pago, estado: 'revertido' }, ctx)).toEqual({});
  });

  it('un pago conciliado el mismo día que se pagó suma ambos conteos en el mismo día', () => {
    const c = contribucion(
      'pago',
      { estado: 'conciliado', monto_centimos: 100, fecha_pago: '2026-03-15', conciliado_en: '2026-03-15T18:00:00Z' },
      ctx,
    );
    expect(c['AGG#PAGOS_DIA#2026-03-15|RESUMEN']).toEqual({
      recibidos: 1,
      recibidos_centimos: 100,
      conciliados: 1,
      conciliados_centimos: 100,
    });
  });

  it('un cliente cuenta por riesgo, KYC y como nuevo en la fecha de negocio de su creación', () => {
    const enCostaRica = { ...ctx, fechaDe: (iso: string) => fechaNegocio(new Date(iso), 'America/Costa_Rica') };
    // 20:30 in Costa Rica is already the next day in UTC: it counts on the Costa Rican date
    expect(
      contribucion('cliente', { riesgo: 'alto', kyc_completado: true, created_at: '2026-03-15T02:30:00.000Z' }, enCostaRica),
    ).toEqual({
      'AGG#CLIENTES|PERFIL': { riesgo_alto: 1, kyc_completo: 1 },
      'AGG#CLIENTES|NUEVOS#2026-03-14': { nuevos: 1 },
    });
    expect(contribucion('cliente', { riesgo: null, kyc_completado: false }, ctx)).toEqual({
      'AGG#CLIENTES|PERFIL': { riesgo_sin_riesgo: 1 },
    });
  });

  it('una notificación sin leer suma 1 al contador de su usuario; leída, nada', () => {
    expect(contribucion('notificacion', { user_id: 'u1', leida: false }, ctx)).toEqual({
      'USUARIO#u1|NOTIF_NO_LEIDAS': { no_leidas: 1 },
    });
    expect(contribucion('notificacion', { user_id: 'u1', leida: true }, ctx)).toEqual({});
  });
});

describe('diferencia y decisión idempotente', () => {
  it('la diferencia mueve solo lo que cambió, incluido lo que desaparece', () => {
    const antes = contribucion('credito', credito(), ctx);
    const despues = contribucion(
      'credito',
      credito({ estado: 'al_dia', saldo_mora_centimos: 0, proximo_vencimiento: '2026-04-03' }),
      ctx,
    );
    expect(diferencia(antes, despues)).toEqual({
      [CARTERA]: {
        creditos_vencido: -1,
        capital_vencido_centimos: -500_000_00,
        creditos_al_dia: 1,
        capital_al_dia_centimos: 500_000_00,
        mora_centimos: -12_345,
        creditos_con_mora: -1,
        aging_31_60_creditos: -1,
        aging_31_60_capital_centimos: -500_000_00,
      },
      'AGG#RIESGO|RESUMEN': { n_40: -1, s_40: -500_000_00, n_0: 1, s_0: 500_000_00 },
    });
  });

  it('suma las diferencias de varias entidades y descarta lo que se anula', () => {
    const a = {
      [CARTERA]: { creditos_vigente: 1, capital_vigente_centimos: 500 },
      'AGG#MES#2026-03|RESUMEN': { desembolsos: 1 },
    };
    const b = { [CARTERA]: { creditos_vigente: -1, capital_vigente_centimos: -200, creditos_al_dia: 1 } };
    expect(sumarContribuciones(a, b)).toEqual({
      [CARTERA]: { capital_vigente_centimos: 300, creditos_al_dia: 1 },
      'AGG#MES#2026-03|RESUMEN': { desembolsos: 1 },
    });
    expect(sumarContribuciones(b, diferencia(b, {}))).toEqual({});
  });

  it('compara números de secuencia de distinto largo como números', () => {
    expect(compararSecuencia('9', '10')).toBe(-1);
    expect(compararSecuencia('000000000000000000123', '122')).toBe(1);
    expect(compararSecuencia('5', '5')).toBe(0);
  });

  it('un registro repetido o más viejo que el aplicado no mueve nada', () => {
    const aplicada = { secuencia: '20', contribucion: { [CARTERA]: { creditos_vigente: 1 } } };
    expect(decidir(aplicada, '20', {})).toEqual({ aplicar: false });
    expect(decidir(aplicada, '7', {})).toEqual({ aplicar: false });
    expect(decidir(aplicada, '21', {})).toEqual({ aplicar: true, delta: { [CARTERA]: { creditos_vigente: -1 } } });
    expect(decidir(null, '1', { [CARTERA]: { creditos_vigente: 1 } })).toEqual({
      aplicar: true,
      delta: { [CARTERA]: { creditos_vigente: 1 } },
    });
  });

  it('con cualquier orden y repeticiones de los cambios, el agregado termina igual a la contribución del último estado', () => {
    const estado = fc.record({
      estado: fc.constantFrom('vigente', 'al_dia', 'vencido', 'cancelado'),
      saldo_capital_centimos: fc.integer({ min: 0, max: 300_000_000 }),
      saldo_mora_centimos: fc.integer({ min: 0, max: 5_000_000 }),
      proximo_vencimiento: fc.constantFrom(null, '2025-10-01', '2026-01-20', '2026-03-01', '2026-04-01'),
      monto_principal_centimos: fc.integer({ min: 1, max: 300_000_000 }),
      fecha_desembolso: fc.constantFrom('2025-06-02', '2025-09-03'),
    });
    // record i carries sequence i+1 (null = deleted); delivered in any order, some more than once
    const casos = fc.array(fc.option(estado, { nil: null }), { minLength: 1, maxLength: 8 }).chain((versiones) => {
      const indices = versiones.map((_, i) => i);
      return fc
        .array(fc.constantFrom(...indices), { maxLength: 12 })
        .chain((repetidos) =>
          fc.tuple(
            fc.constant(versiones),
            fc.shuffledSubarray([...indices, ...repetidos], { minLength: indices.length + repetidos.length }),
          ),
        );
    });
    fc.assert(
      fc.property(casos, ([versiones, entregas]) => {
        const registros = versiones.map((v, i) => ({
          secuencia: String(i + 1),
          nueva: v ? contribucion('credito', v, ctx) : {},
        }));
        let aplicada: { secuencia: string; contribucion: Contribucion } | null = null;
        const agregado: Record<string, Record<string, number>> = {};
        for (const k of entregas) {
          const r = registros[k]!;
          const d = decidir(aplicada, r.secuencia, r.nueva);
          if (!d.aplicar) continue;
          for (const [clave, campos] of Object.entries(d.delta))
            for (const [f, v] of Object.entries(campos)) (agregado[clave] ??= {})[f] = (agregado[clave]![f] ?? 0) + v;
          aplicada = { secuencia: r.secuencia, contribucion: r.nueva };
        }
        const sinCeros = Object.fromEntries(
          Object.entries(agregado)
            .map(([clave, campos]) => [clave, Object.fromEntries(Object.entries(campos).filter(([, v]) => v !== 0))] as const)
            .filter(([, campos]) => Object.keys(campos).length > 0),
        );
        expect(sinCeros).toEqual(registros.at(-1)!.nueva);
      }),
    );
  });
});

describe('cifras del dashboard', () => {
  it('redondea porcentajes a medio par con los decimales pedidos', () => {
    expect(porcentaje(1, 3, 1)).toBe('33.3');
    expect(porcentaje(2, 3, 1)).toBe('66.7');
    expect(porcentaje(1, 8, 1)).toBe('12.5');
    expect(porcentaje(1, 16, 1)).toBe('6.2'); // 6.25 → 6.2 (half-even)
    expect(porcentaje(3, 16, 1)).toBe('18.8'); // 18.75 → 18.8
    expect(porcentaje(1, 3, 2)).toBe('33.33');
    expect(porcentaje(5, 0, 2)).toBe('0.00');
  });

  it('la tasa de morosidad divide entre al menos 1 crédito', () => {
    expect(tasaMorosidad(0, 0)).toBe('0.0');
    expect(tasaMorosidad(7, 20)).toBe('35.0');
    expect(tasaMorosidad(1, 0)).toBe('100.0');
  });

  it('un porcentaje nunca sale de 0–100: una parte negativa cuenta 0 y una mayor que el total, 100', () => {
    expect(porcentaje(-3, 10, 1)).toBe('0.0');
    expect(porcentaje(288, 1, 1)).toBe('100.0');
    expect(porcentaje(5, -2, 2)).toBe('0.00');
    expect(porcentaje(Number.NaN, 10, 1)).toBe('0.0');
    expect(tasaMorosidad(288, 0)).toBe('100.0');
  });

  it('alerta de cartera en mora con más de 5 vencidos y de solicitudes con más de 3 días, con los textos del spec', () => {
    expect(alertasDashboard(5, 3)).toEqual([]);
    expect(alertasDashboard(6, null)).toEqual([
      { tipo: 'cartera_mora', titulo: 'Cartera en Mora', mensaje: '6 créditos en estado vencido requieren atención' },
    ]);
    expect(alertasDashboard(0, 4)).toEqual([
      {
        tipo: 'solicitudes_antiguas',
        titulo: 'Solicitudes Antiguas',
        mensaje: 'Solicitud más antigua tiene 4 días sin procesar',
      },
    ]);
  });

  it('cuenta días completos transcurridos', () => {
    const ahora = new Date('2026-03-15T12:00:00Z');
    expect(diasDesde('2026-03-11T12:00:01Z', ahora)).toBe(3);
    expect(diasDesde('2026-03-11T12:00:00Z', ahora)).toBe(4);
    expect(diasDesde('2026-03-16T00:00:00Z', ahora)).toBe(0);
  });

  it('da los últimos 12 meses cruzando el año y los últimos 7 días', () => {
    expect(ultimosMeses('2026-03-31')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(ultimosDias('2026-03-02')).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

// ---------------------------------------------------------------- percentages within 0–100

/** Exact reference: parte/total × 100 with `d` decimals, half-even, by long division on BigInt. */
function referencia(parte: bigint, total: bigint, d: number): string {
  if (total === 0n) return (0).toFixed(d);
  const escalado = parte * 100n * 10n ** BigInt(d);
  let q = escalado / total;
  const r = escalado - q * total;
  if (2n * r > total || (2n * r === total && q % 2n === 1n)) q += 1n;
  const texto = q.toString().padStart(d + 1, '0');
  return d === 0 ? texto : `${texto.slice(0, -d)}.${texto.slice(-d)}`;
}

const enRango = (texto: string) => Number(texto) >= 0 && Number(texto) <= 100;

describe('porcentajes del dashboard dentro de 0–100', () => {
  const creditoAleatorio = fc.record({
    estado: fc.constantFrom('vigente', 'al_dia', 'vencido', 'cancelado'),
    saldo_capital_centimos: fc.integer({ min: 0, max: 300_000_000 }),
    saldo_mora_centimos: fc.integer({ min: 0, max: 5_000_000 }),
    dias_mora_max: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
    proximo_vencimiento: fc.constantFrom(null, '2025-10-01', '2026-01-20', '2026-03-01', '2026-04-01'),
    cliente_id: fc.constantFrom('CLI-1', 'CLI-2', 'CLI-3'),
  });

  /** AGG#CARTERA as the consumer leaves it: the sum of each credit's contribution. */
  function agregadoDe(creditos: Array<Record<string, unknown>>): Record<string, number> {
    const total = creditos.reduce<Contribucion>(
      (acc, c, i) => sumarContribuciones(acc, contribucion('credito', { id: `C${i}`, ...c }, ctx)),
      {},
    );
    return { ...total[CARTERA] };
  }

  it('sobre carteras aleatorias, la morosidad y el PAR30 son exactos y nunca pasan de 100', () => {
    fc.assert(
      fc.property(fc.array(creditoAleatorio, { maxLength: 60 }), (creditos) => {
        const c = cifrasCartera(agregadoDe(creditos));
        const activos = creditos.filter((x) => x.estado !== 'cancelado');
        const vencidos = creditos.filter((x) => x.estado === 'vencido').length;
        const capitalActivo = activos.reduce((s, x) => s + x.saldo_capital_centimos, 0);
        const par30 = activos.filter((x) => diasMoraCredito(x, ctx.fecha) > 30).reduce((s, x) => s + x.saldo_capital_centimos, 0);
        expect(c.creditos_activos).toBe(activos.length);
        expect(c.creditos_vencidos).toBe(vencidos);
        expect(c.cartera_activa_centimos).toBe(capitalActivo);
        expect(c.tasa_morosidad).toBe(referencia(BigInt(vencidos), BigInt(Math.max(1, activos.length)), 1));
        expect(c.par30).toEqual({ capital_centimos: par30, porcentaje: referencia(BigInt(par30), BigInt(capitalActivo), 2) });
        expect(enRango(c.tasa_morosidad) && enRango(c.par30.porcentaje)).toBe(true);
        expect(c.incoherencias).toEqual([]);
      }),
    );
  });

  it('todos vencidos (el caso de 28 800 %) da 100 %, y ningún crédito activo da 0 %', () => {
    const vencido = { estado: 'vencido', saldo_capital_centimos: 100_000_00, saldo_mora_centimos: 1_000_00, dias_mora_max: 95 };
    expect(cifrasCartera(agregadoDe(Array.from({ length: 288 }, () => vencido)))).toMatchObject({
      creditos_activos: 288,
      creditos_vencidos: 288,
      tasa_morosidad: '100.0',
      par30: { porcentaje: '100.00' },
    });
    const cancelado = { estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 };
    expect(cifrasCartera(agregadoDe([cancelado]))).toMatchObject({
      creditos_activos: 0,
      tasa_morosidad: '0.0',
      par30: { porcentaje: '0.00' },
    });
  });

  it('un agregado incoherente (contadores negativos, partes mayores que el total) se acota y se informa', () => {
    const campos = [
      'creditos_vigente',
      'creditos_al_dia',
      'creditos_vencido',
      'capital_vigente_centimos',
      'capital_al_dia_centimos',
      'capital_vencido_centimos',
      ...['1_30', '31_60', '61_90', 'mas_90'].flatMap((t) => [`aging_${t}_creditos`, `aging_${t}_capital_centimos`]),
    ];
    const item = fc.record(Object.fromEntries(campos.map((k) => [k, fc.integer({ min: -1_000_000, max: 1_000_000_000 })])), {
      requiredKeys: [],
    });
    fc.assert(
      fc.property(item, (agregado) => {
        const c = cifrasCartera(agregado);
        expect(enRango(c.tasa_morosidad)).toBe(true);
        expect(enRango(c.par30.porcentaje)).toBe(true);
        expect(c.por_estado.every((e) => e.creditos >= 0 && e.saldo_capital_centimos >= 0)).toBe(true);
        if (Object.values(agregado).some((v) => (v ?? 0) < 0)) expect(c.incoherencias.length).toBeGreaterThan(0);
      }),
    );
  });

  it('porcentaje da el valor exacto medio par de cualquier parte dentro del total, y 0–100 fuera de él', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 2_000_000_000 }),
        fc.integer({ min: -10, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 3 }),
        (parte, total, d) => {
          const texto = porcentaje(parte, total, d);
          expect(enRango(texto)).toBe(true);
          const esperado = total <= 0 ? 0n : BigInt(Math.min(total, Math.max(0, parte)));
          expect(texto).toBe(referencia(esperado, BigInt(Math.max(0, total)), d));
        },
      ),
    );
  });
});
