import fc from 'fast-check';
import { diasEntre, generarCuotas, moraDiaria, sumarDias } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { cerrarCredito, normalizarCuota, pendiente, resumenCredito, type CuotaSaldo, type TerminosCredito } from './domain';

const terminos: TerminosCredito = { fecha_primer_vencimiento: '2026-02-15', dias_tolerancia: 3, tasa_moratoria_anual: '36.40' };

function calendario(): CuotaSaldo[] {
  return generarCuotas({
    principalCentimos: 1_000_000_00,
    tasaAnual: '28.00',
    plazoMeses: 12,
    fechaDesembolso: '2026-01-15',
    metodo: 'cuota_nivelada',
  }).map((c) => normalizarCuota({ ...c, pagada: false, dias_mora: 0, monto_mora_centimos: 0 }));
}

/** Closes every business date from `desde` to `hasta`, as the job does. */
function cerrarHasta(cuotas: CuotaSaldo[], desde: string, hasta: string, ultimo: string | null = null) {
  let cs = cuotas;
  let ultimoCierre = ultimo;
  const vencidas: number[] = [];
  for (let f = desde; f <= hasta; f = sumarDias(f, 1)) {
    const r = cerrarCredito({ cuotas: cs, terminos, ultimoCierre, fecha: f });
    cs = r.cuotas;
    ultimoCierre = f;
    vencidas.push(...r.nuevasVencidas.map((c) => c.numero_cuota));
  }
  return { cuotas: cs, vencidas };
}

describe('cerrarCredito', () => {
  it('no cambia nada antes del vencimiento ni el mismo día: el crédito sigue vigente', () => {
    const cs = calendario();
    for (const fecha of ['2026-02-01', '2026-02-15']) {
      const r = cerrarCredito({ cuotas: cs, terminos, ultimoCierre: null, fecha });
      expect(r.cambiadas).toEqual([]);
      expect(r.moraDevengada).toBe(0);
      expect(r.resumen.estado).toBe('vigente');
    }
  });

  it('el primer día de atraso fija dias_mora 1, devenga un día de mora sobre el capital vencido y avisa una sola vez', () => {
    const cs = calendario();
    const capital = cs[0]!.monto_capital_centimos;
    const r = cerrarCredito({ cuotas: cs, terminos, ultimoCierre: '2026-02-15', fecha: '2026-02-16' });
    expect(r.cambiadas).toEqual([1]);
    expect(r.cuotas[0]).toMatchObject({ dias_mora: 1, monto_mora_centimos: moraDiaria(capital, '36.40') });
    expect(r.nuevasVencidas.map((c) => c.numero_cuota)).toEqual([1]);
    expect(r.resumen).toMatchObject({ estado: 'al_dia', dias_mora_max: 1, saldo_mora_centimos: moraDiaria(capital, '36.40') });
    const r2 = cerrarCredito({ cuotas: r.cuotas, terminos, ultimoCierre: '2026-02-16', fecha: '2026-02-17' });
    expect(r2.nuevasVencidas).toEqual([]);
  });

  it('pasa a vencido al superar los días de tolerancia', () => {
    const { cuotas } = cerrarHasta(calendario(), '2026-02-16', '2026-02-18', '2026-02-15');
    expect(resumenCredito(cuotas, terminos, '2026-02-18').estado).toBe('al_dia');
    const r = cerrarCredito({ cuotas, terminos, ultimoCierre: '2026-02-18', fecha: '2026-02-19' });
    expect(r.resumen.estado).toBe('vencido');
    expect(r.cuotas[0]!.dias_mora).toBe(4);
  });

  it('repetir el cierre de una fecha ya cerrada no agrega mora', () => {
    const { cuotas } = cerrarHasta(calendario(), '2026-02-16', '2026-03-01', '2026-02-15');
    const r = cerrarCredito({ cuotas, terminos, ultimoCierre: '2026-03-01', fecha: '2026-03-01' });
    expect(r.moraDevengada).toBe(0);
    expect(r.cambiadas).toEqual([]);
  });

  it('un cierre saltado se recupera: cerrar el día 10 tras el 5 devenga cinco días, igual que cerrar día por día', () => {
    const base = cerrarHasta(calendario(), '2026-02-16', '2026-02-20', '2026-02-15').cuotas;
    const saltado = cerrarCredito({ cuotas: base, terminos, ultimoCierre: '2026-02-20', fecha: '2026-02-25' }).cuotas;
    const diario = cerrarHasta(base, '2026-02-21', '2026-02-25', '2026-02-20').cuotas;
    expect(saltado).toEqual(diario);
  });

  it('la mora de cada cuota es un día de moraDiaria por día de atraso sobre su capital impago', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (dias) => {
        const hasta = sumarDias('2026-02-15', dias);
        const { cuotas, vencidas } = cerrarHasta(calendario(), '2026-02-16', hasta, '2026-02-15');
        for (const c of cuotas) {
          const atraso = Math.max(0, diasEntre(c.fecha_vencimiento, hasta));
          expect(c.dias_mora).toBe(atraso);
          expect(c.monto_mora_centimos).toBe(moraDiaria(c.monto_capital_centimos, '36.40') * atraso);
        }
        // one overdue notice per cuota that became overdue
        expect(vencidas).toEqual(cuotas.filter((c) => c.dias_mora > 0).map((c) => c.numero_cuota));
        const r = resumenCredito(cuotas, terminos, hasta);
        expect(r.saldo_mora_centimos).toBe(cuotas.reduce((s, c) => s + pendiente(c).mora, 0));
        expect(r.estado).toBe(dias === 0 ? 'vigente' : dias > 3 ? 'vencido' : 'al_dia');
      }),
      { numRuns: 40 },
    );
  });

  it('las cuotas pagadas no devengan mora', () => {
    const cs = calendario().map((c, k) => (k === 0 ? { ...c, pagada: true, pagado_capital_centimos: c.monto_capital_centimos, pagado_interes_centimos: c.monto_interes_centimos } : c));
    const r = cerrarCredito({ cuotas: cs, terminos, ultimoCierre: '2026-02-15', fecha: '2026-03-10' });
    expect(r.cambiadas).toEqual([]);
    expect(r.resumen).toMatchObject({ estado: 'al_dia', proximo_vencimiento: '2026-03-15' });
  });
});

describe('normalizarCuota', () => {
  it('una cuota pagada sin campos por componente se considera pagada por completo', () => {
    const c = normalizarCuota({
      numero_cuota: 1,
      fecha_vencimiento: '2026-02-15',
      monto_capital_centimos: 100,
      monto_interes_centimos: 20,
      monto_mora_centimos: 3,
      pagada: true,
      dias_mora: 2,
    });
    expect(pendiente(c).total).toBe(0);
    expect(c).toMatchObject({ pagado_capital_centimos: 100, pagado_interes_centimos: 20, pagado_mora_centimos: 3 });
  });
});
