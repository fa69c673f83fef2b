import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calcularScore, edadEn, PUNTOS, SCORE_BASE, type EntradaScore } from './scoring';

const PRODUCTO = {
  monto_minimo_centimos: 100_000_00,
  monto_maximo_centimos: 1_500_000_00,
  plazo_minimo_meses: 3,
  plazo_maximo_meses: 24,
};

function entrada(over: Partial<EntradaScore> = {}, cliente: Partial<EntradaScore['cliente']> = {}): EntradaScore {
  return {
    fechaNegocio: '2026-11-21',
    cliente: {
      kyc_completado: true,
      identidad_tipo: 'cedula',
      identidad_numero: '1-0234-0567',
      fecha_nacimiento: '1986-05-10',
      ...cliente,
    },
    creditos: [],
    montoCentimos: 500_000_00,
    plazoMeses: 12,
    producto: PRODUCTO,
    ...over,
  };
}

const factor = (e: EntradaScore, codigo: string) => calcularScore(e).factores.find((f) => f.codigo === codigo)!;

describe('calcularScore', () => {
  it('explica cada factor con código, descripción, puntos y motivo, y el total es la base más los puntos', () => {
    const r = calcularScore(entrada());
    expect(r.factores.map((f) => f.codigo)).toEqual([
      'KYC',
      'DOCUMENTO_IDENTIDAD',
      'EDAD',
      'HISTORIAL_CREDITOS',
      'MORA_ACTUAL',
      'USO_LINEA',
      'MONTO_VS_PRODUCTO',
      'PLAZO',
    ]);
    for (const f of r.factores) {
      expect(f.descripcion.length).toBeGreaterThan(0);
      expect(f.motivo.length).toBeGreaterThan(0);
      expect(Number.isInteger(f.puntos)).toBe(true);
    }
    expect(r.score).toBe(SCORE_BASE + r.factores.reduce((t, f) => t + f.puntos, 0));
    // KYC 80 + cédula 40 + 40 años 60 + sin historial 40 + sin mora 110 + línea 17 % 100 + monto 40 + plazo 30
    expect(r.score).toBe(800);
    expect(r.riesgo).toBe('bajo');
  });

  it('un solicitante sin fallas en ningún factor obtiene exactamente 850', () => {
    const r = calcularScore(
      entrada({
        creditos: [
          { estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 },
          { estado: 'cancelado', saldo_capital_centimos: 0, saldo_mora_centimos: 0 },
        ],
      }),
    );
    expect(r.score).toBe(850);
  });

  it('un cliente autorregistrado sin KYC, documento ni fecha de nacimiento queda en riesgo medio', () => {
    const r = calcularScore(entrada({}, { kyc_completado: false, identidad_numero: null, fecha_nacimiento: null }));
    expect(factor(entrada({}, { kyc_completado: false }), 'KYC')).toMatchObject({
      puntos: 0,
      motivo: expect.stringContaining('KYC pendiente'),
    });
    expect(r.factores.find((f) => f.codigo === 'DOCUMENTO_IDENTIDAD')!.puntos).toBe(0);
    expect(r.factores.find((f) => f.codigo === 'EDAD')).toMatchObject({
      puntos: 0,
      motivo: 'Sin fecha de nacimiento: no se puede valorar la edad',
    });
    expect(r.score).toBe(620);
    expect(r.riesgo).toBe('medio');
  });

  it('da menos puntos a pasaportes y DIMEX que a una cédula válida, y ninguno a una cédula mal formada', () => {
    expect(
      factor(entrada({}, { identidad_tipo: 'pasaporte', identidad_numero: 'C01234567' }), 'DOCUMENTO_IDENTIDAD').puntos,
    ).toBe(PUNTOS.documentoOtro);
    expect(factor(entrada({}, { identidad_tipo: 'cedula', identidad_numero: '012345678' }), 'DOCUMENTO_IDENTIDAD').puntos).toBe(
      PUNTOS.documentoOtro,
    );
    expect(factor(entrada({}, { identidad_numero: '   ' }), 'DOCUMENTO_IDENTIDAD').puntos).toBe(0);
  });

  it('valora la edad por tramos y cuenta años cumplidos a la fecha de negocio', () => {
    expect(edadEn('2000-11-22', '2026-11-21')).toBe(25);
    expect(edadEn('2000-11-21', '2026-11-21')).toBe(26);
    expect(edadEn('2008-02-29', '2026-02-28')).toBe(17);
    const puntos = (nac: string) => factor(entrada({}, { fecha_nacimiento: nac }), 'EDAD');
    expect(puntos('2008-11-22')).toMatchObject({ puntos: 0, motivo: 'El cliente es menor de edad (17 años)' });
    expect(puntos('2008-11-21').puntos).toBe(25);
    expect(puntos('2001-11-21')).toMatchObject({ puntos: 45, motivo: '25 años (tramo 25–34)' });
    expect(puntos('1991-11-21').puntos).toBe(60);
    expect(puntos('1966-11-21').puntos).toBe(45);
    expect(puntos('1960-11-21')).toMatchObject({ puntos: 25, motivo: '66 años (tramo 66+)' });
    expect(puntos('2030-01-01').puntos).toBe(0);
  });

  it('premia créditos anteriores pagados por completo', () => {
    const c = (estado: string) => ({
      estado,
      saldo_capital_centimos: estado === 'cancelado' ? 0 : 100_000_00,
      saldo_mora_centimos: 0,
    });
    expect(factor(entrada(), 'HISTORIAL_CREDITOS').puntos).toBe(PUNTOS.historialSin);
    expect(factor(entrada({ creditos: [c('al_dia')] }), 'HISTORIAL_CREDITOS')).toMatchObject({
      puntos: PUNTOS.historialSin,
      motivo: 'Tiene créditos anteriores, ninguno pagado por completo aún',
    });
    expect(factor(entrada({ creditos: [c('cancelado')] }), 'HISTORIAL_CREDITOS')).toMatchObject({
      puntos: PUNTOS.historialUno,
      motivo: '1 crédito(s) anterior(es) pagado(s) por completo',
    });
    expect(factor(entrada({ creditos: [c('cancelado'), c('cancelado'), c('cancelado')] }), 'HISTORIAL_CREDITOS').puntos).toBe(
      PUNTOS.historialVarios,
    );
  });

  it('resta puntos por créditos vencidos y da menos por mora dentro de la tolerancia', () => {
    const vencido = { estado: 'vencido', saldo_capital_centimos: 100_000_00, saldo_mora_centimos: 12_345_67 };
    const tolerancia = { estado: 'al_dia', saldo_capital_centimos: 100_000_00, saldo_mora_centimos: 500_00 };
    expect(factor(entrada({ creditos: [vencido] }), 'MORA_ACTUAL')).toMatchObject({ puntos: -50 });
    expect(factor(entrada({ creditos: [vencido] }), 'MORA_ACTUAL').motivo).toMatch(
      /^1 crédito\(s\) en estado vencido con ₡\s?12\s345,67 de mora$/,
    );
    expect(factor(entrada({ creditos: [tolerancia] }), 'MORA_ACTUAL').puntos).toBe(PUNTOS.moraTolerancia);
    expect(factor(entrada(), 'MORA_ACTUAL')).toMatchObject({ puntos: 110, motivo: 'Sin atrasos en sus créditos actuales' });
  });

  it('mide el uso de la línea después de esta solicitud, en los límites exactos de cada tramo', () => {
    const conUsado = (usado: number, monto: number) =>
      factor(
        entrada({
          montoCentimos: monto,
          creditos: usado ? [{ estado: 'al_dia', saldo_capital_centimos: usado, saldo_mora_centimos: 0 }] : [],
        }),
        'USO_LINEA',
      );
    expect(conUsado(0, 900_000_00)).toMatchObject({ puntos: 100 }); // exactly 30 %
    expect(conUsado(0, 900_000_01).puntos).toBe(70);
    expect(conUsado(1_000_000_00, 800_000_00).puntos).toBe(70); // 60 %
    expect(conUsado(2_000_000_00, 700_000_00).puntos).toBe(35); // 90 %
    expect(conUsado(2_000_000_00, 1_000_000_00)).toMatchObject({ puntos: 10 }); // 100 %
    const excede = conUsado(2_500_000_00, 500_000_01);
    expect(excede.puntos).toBe(-60);
    expect(excede.motivo).toMatch(/^Esta solicitud excede su línea disponible \(₡\s?500\s000,00\)$/);
    expect(conUsado(0, 900_000_00).motivo).toMatch(/^Tras esta solicitud usaría 30 % de su línea/);
  });

  it('compara monto y plazo con los rangos del producto sin impedir la solicitud', () => {
    expect(factor(entrada({ montoCentimos: 99_999_99 }), 'MONTO_VS_PRODUCTO').puntos).toBe(PUNTOS.montoBajo);
    expect(factor(entrada({ montoCentimos: 100_000_00 }), 'MONTO_VS_PRODUCTO').puntos).toBe(PUNTOS.montoEnRango);
    expect(factor(entrada({ montoCentimos: 1_500_000_00 }), 'MONTO_VS_PRODUCTO').puntos).toBe(PUNTOS.montoEnRango);
    expect(factor(entrada({ montoCentimos: 1_500_000_01 }), 'MONTO_VS_PRODUCTO').puntos).toBe(PUNTOS.montoAlto);
    expect(factor(entrada({ plazoMeses: 24 }), 'PLAZO')).toMatchObject({
      puntos: 30,
      motivo: '24 meses, dentro del rango del producto (3 – 24 meses)',
    });
    expect(factor(entrada({ plazoMeses: 36 }), 'PLAZO')).toMatchObject({
      puntos: 0,
      motivo: '36 meses, fuera del rango del producto (3 – 24 meses)',
    });
    expect(factor(entrada({ producto: null }), 'PLAZO').puntos).toBe(0);
    expect(factor(entrada({ producto: null }), 'MONTO_VS_PRODUCTO').puntos).toBe(0);
  });

  it('el peor caso queda acotado a 300 y en riesgo alto', () => {
    const r = calcularScore(
      entrada(
        {
          creditos: [{ estado: 'vencido', saldo_capital_centimos: 3_000_000_00, saldo_mora_centimos: 50_000_00 }],
          montoCentimos: 5_000_000_00,
          plazoMeses: 60,
        },
        { kyc_completado: false, identidad_numero: null, fecha_nacimiento: null },
      ),
    );
    expect(r.factores.reduce((t, f) => t + f.puntos, SCORE_BASE)).toBeLessThan(300);
    expect(r.score).toBe(300);
    expect(r.riesgo).toBe('alto');
  });

  it('siempre da un entero entre 300 y 850 con el riesgo de los umbrales 750/600', () => {
    const credito = fc.record({
      estado: fc.constantFrom('vigente', 'al_dia', 'vencido', 'cancelado'),
      saldo_capital_centimos: fc.integer({ min: 0, max: 3_000_000_00 }),
      saldo_mora_centimos: fc.integer({ min: 0, max: 100_000_00 }),
    });
    fc.assert(
      fc.property(
        fc.array(credito, { maxLength: 5 }),
        fc.integer({ min: 100_00, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        fc.option(fc.date({ min: new Date('1930-01-01'), max: new Date('2026-11-21'), noInvalidDate: true })),
        (creditos, monto, plazo, kyc, nacimiento) => {
          const r = calcularScore(
            entrada(
              { creditos, montoCentimos: monto, plazoMeses: plazo },
              { kyc_completado: kyc, fecha_nacimiento: nacimiento ? nacimiento.toISOString().slice(0, 10) : null },
            ),
          );
          expect(Number.isInteger(r.score)).toBe(true);
          expect(r.score).toBeGreaterThanOrEqual(300);
          expect(r.score).toBeLessThanOrEqual(850);
          expect(r.riesgo).toBe(r.score >= 750 ? 'bajo' : r.score >= 600 ? 'medio' : 'alto');
        },
      ),
    );
  });
});
