import { SOLICITUD_ESTADOS } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { ACCIONES_POR_ESTADO } from '../../../test/lending-fixtures';
import {
  cabeEnLinea,
  INTENTOS_NUMERO_SOLICITUD,
  lineaDisponible,
  numeroCredito,
  numeroSolicitud,
  planDesembolso,
  puedeAplicar,
  terminoNoCalculable,
} from './domain';

describe('transiciones de la solicitud (spec §4)', () => {
  const esperado = ACCIONES_POR_ESTADO;
  it.each(SOLICITUD_ESTADOS)('desde %s permite exactamente las acciones del spec', (estado) => {
    const permitidas = (['analizar', 'aprobar', 'rechazar', 'desembolsar', 'cancelar'] as const).filter((a) =>
      puedeAplicar(estado, a),
    );
    expect(permitidas).toEqual(esperado[estado]);
  });
  it('un estado desconocido no permite nada', () => {
    expect(puedeAplicar('pagado', 'aprobar')).toBe(false);
  });
});

describe('numeroSolicitud', () => {
  it('usa SOL-{año}-{4 dígitos} en los primeros intentos', () => {
    expect(numeroSolicitud('2026', 0, () => 0)).toBe('SOL-2026-1000');
    expect(numeroSolicitud('2026', 4, () => 0.999999)).toBe('SOL-2026-9999');
  });
  it('se amplía a 5 y luego 6 dígitos cuando los de 4 chocan repetidamente (año casi agotado)', () => {
    expect(numeroSolicitud('2026', 5, () => 0)).toBe('SOL-2026-10000');
    expect(numeroSolicitud('2026', 9, () => 0.999999)).toBe('SOL-2026-99999');
    expect(numeroSolicitud('2026', 10, () => 0)).toBe('SOL-2026-100000');
    expect(numeroSolicitud('2026', INTENTOS_NUMERO_SOLICITUD - 1, () => 0.5)).toMatch(/^SOL-2026-\d{6}$/);
  });
});

describe('numeroCredito', () => {
  it('es legible y de 6 dígitos con relleno', () => {
    expect(numeroCredito('2026', 123)).toBe('CR-2026-000123');
    expect(numeroCredito('2027', 1_234_567)).toBe('CR-2027-1234567');
    expect(() => numeroCredito('2026', 0)).toThrow(RangeError);
  });
});

describe('línea de crédito', () => {
  it('disponible = ₡3 000 000 − usado, nunca negativo, y la solicitud cabe hasta el límite exacto', () => {
    expect(lineaDisponible(0)).toBe(300_000_000);
    expect(lineaDisponible(310_000_000)).toBe(0);
    expect(cabeEnLinea(200_000_000, 100_000_000)).toBe(true);
    expect(cabeEnLinea(200_000_000, 100_000_001)).toBe(false);
  });
});

describe('planDesembolso', () => {
  const base = {
    solicitud: { id: 'S1', cliente_id: 'C1', producto_id: 'P1', monto_solicitado_centimos: 1_000_000_00, plazo_meses: 12 },
    producto: {
      id: 'P1',
      codigo: 'MICR-01',
      nombre: 'Microcrédito',
      tasa_interes_anual: '24.00',
      metodo_amortizacion: 'cuota_nivelada',
      tasa_moratoria_anual: '31.20',
      dias_tolerancia: 3,
    },
    cliente: { nombre: 'Ana', apellido: 'Mora' },
    fechaNegocio: '2026-01-31',
    secuencia: 124,
    creditoId: 'K1',
    cuotaId: (n: number) => `Q${n}`,
    createdAt: '2026-01-31T15:00:00.000Z',
  };

  it('crea el crédito vigente con el principal solicitado y los términos del producto, desembolsado en la fecha de negocio', () => {
    const { credito, cuotas } = planDesembolso(base);
    expect(credito).toMatchObject({
      numero_credito: 'CR-2026-000124',
      estado: 'vigente',
      monto_principal_centimos: 1_000_000_00,
      saldo_capital_centimos: 1_000_000_00,
      saldo_mora_centimos: 0,
      total_pagado_centimos: 0,
      tasa_interes_anual: '24.00',
      plazo_meses: 12,
      fecha_desembolso: '2026-01-31',
      fecha_primer_vencimiento: '2026-02-28',
      proximo_vencimiento: '2026-02-28',
      metodo_amortizacion: 'cuota_nivelada',
      tasa_moratoria_anual: '31.20',
      dias_tolerancia: 3,
      solicitud_id: 'S1',
      version: 1,
    });
    expect(cuotas).toHaveLength(12);
    // lending-rules.md: ₡1 000 000 at 24 % over 12 months → ₡94 559,60, last ₡94 559,57
    expect(cuotas[0]!.monto_total_centimos).toBe(94_559_60);
    expect(cuotas[11]!.monto_total_centimos).toBe(94_559_57);
    expect(cuotas.map((c) => c.fecha_vencimiento).slice(0, 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(cuotas.reduce((t, c) => t + c.monto_capital_centimos, 0)).toBe(1_000_000_00);
    expect(cuotas.at(-1)!.saldo_capital_despues_centimos).toBe(0);
    for (const c of cuotas) {
      expect(c).toMatchObject({ credito_id: 'K1', pagada: false, dias_mora: 0, monto_mora_centimos: 0, pagada_en: null });
      expect(c.id).toBe(`Q${c.numero_cuota}`);
    }
  });

  it('sin términos en el producto usa cuota nivelada, la moratoria máxima del art. 498 y 0 días de tolerancia', () => {
    const { credito } = planDesembolso({
      ...base,
      producto: { id: 'P1', codigo: 'X', nombre: 'X', tasa_interes_anual: '18.00' },
    });
    expect(credito).toMatchObject({ metodo_amortizacion: 'cuota_nivelada', tasa_moratoria_anual: '23.40', dias_tolerancia: 0 });
  });

  it('respeta capital constante cuando el producto lo define', () => {
    const { cuotas } = planDesembolso({ ...base, producto: { ...base.producto, metodo_amortizacion: 'capital_constante' } });
    expect(new Set(cuotas.slice(0, -1).map((c) => c.monto_capital_centimos)).size).toBe(1);
  });

  it('un plazo de 60 meses genera 60 cuotas (cabe en una transacción de 100 elementos)', () => {
    const { cuotas } = planDesembolso({ ...base, solicitud: { ...base.solicitud, plazo_meses: 60 } });
    expect(cuotas).toHaveLength(60);
  });
});

describe('terminoNoCalculable', () => {
  const fija = (valor: number, modalidad: 'deducida' | 'financiada') => ({
    comision_formalizacion_tipo: 'fija' as const,
    comision_formalizacion_valor: valor,
    comision_formalizacion_modalidad: modalidad,
  });

  it('una comisión deducida debe dejar algo que desembolsar; una financiada nunca lo impide', () => {
    expect(terminoNoCalculable(400_000, 6, fija(500_000, 'deducida'))).toEqual({
      campo: 'monto_aprobado_centimos',
      comision: 500_000,
    });
    expect(terminoNoCalculable(500_000, 6, fija(500_000, 'deducida'))).toEqual({
      campo: 'monto_aprobado_centimos',
      comision: 500_000,
    });
    expect(terminoNoCalculable(500_001, 6, fija(500_000, 'deducida'))).toBeNull();
    expect(terminoNoCalculable(400_000, 6, fija(500_000, 'financiada'))).toBeNull();
    // 100 % of the amount, half-even: the whole amount is the fee
    const cien = { comision_formalizacion_tipo: 'porcentaje' as const, comision_formalizacion_valor: '99.99' };
    expect(terminoNoCalculable(1, 6, cien)).toEqual({ campo: 'monto_aprobado_centimos', comision: 1 });
    expect(terminoNoCalculable(100_000_00, 6, cien)).toBeNull();
    expect(terminoNoCalculable(100_000_00, 6, {})).toBeNull();
  });

  it('los meses de gracia deben dejar al menos una cuota', () => {
    expect(terminoNoCalculable(100_000_00, 2, { meses_gracia: 2 })).toEqual({ campo: 'plazo_meses', gracia: 2 });
    expect(terminoNoCalculable(100_000_00, 1, { meses_gracia: 2 })).toEqual({ campo: 'plazo_meses', gracia: 2 });
    expect(terminoNoCalculable(100_000_00, 3, { meses_gracia: 2 })).toBeNull();
    expect(terminoNoCalculable(100_000_00, 1, { meses_gracia: null })).toBeNull();
  });
});
