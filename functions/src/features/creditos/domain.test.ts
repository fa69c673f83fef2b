import fc from 'fast-check';
import { NOMBRE_CON_ACENTOS, TERMINOS_DEL_NOMBRE } from '../../../test/busqueda-fixtures';
import { describe, expect, it } from 'vitest';
import { alertaCuota, progresoPago, proximasCuotas, resumenCuotas } from './domain';
import { creditoIndexItems, creditoSearchTerms, MAX_TERMINOS_CREDITO } from './indices';

describe('progresoPago', () => {
  it('es el capital amortizado (principal − saldo de capital) ÷ principal × 100 con un decimal, redondeado half-even', () => {
    expect(progresoPago(1_000_000_00, 1_000_000_00)).toBe('0.0');
    expect(progresoPago(1_000_000_00, 547_000_00)).toBe('45.3');
    expect(progresoPago(1_000_000_00, 0)).toBe('100.0');
    // 1/3 → 33.333… → 33.3 ; 2/3 → 66.666… → 66.7
    expect(progresoPago(3, 2)).toBe('33.3');
    expect(progresoPago(3, 1)).toBe('66.7');
    // exact halves go to the even tenth: 0.25 % → 0.2, 0.35 % → 0.4
    expect(progresoPago(10_000, 9_975)).toBe('0.2');
    expect(progresoPago(10_000, 9_965)).toBe('0.4');
  });
  it('no pasa de 100 ni baja de 0: intereses y mora no son capital, y un saldo fuera de rango se acota', () => {
    expect(progresoPago(1_000_000_00, -5_00)).toBe('100.0');
    expect(progresoPago(1_000_000_00, 1_200_000_00)).toBe('0.0');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_000_000_00 }),
        fc.integer({ min: -1_000_000_00, max: 6_000_000_00 }),
        (principal, saldo) => {
          const p = progresoPago(principal, saldo);
          const amortizado = BigInt(Math.min(principal, Math.max(0, principal - saldo)));
          // exact reference: the tenth of a percent nearest to amortizado/principal × 100, ties to even
          const x = amortizado * 1000n;
          let q = x / BigInt(principal);
          const r = x - q * BigInt(principal);
          if (2n * r > BigInt(principal) || (2n * r === BigInt(principal) && q % 2n === 1n)) q += 1n;
          expect(p).toBe(`${q / 10n}.${q % 10n}`);
          expect(Number(p) >= 0 && Number(p) <= 100).toBe(true);
        },
      ),
    );
  });
  it('no falla con un principal inválido', () => {
    expect(progresoPago(0, 100)).toBe('0.0');
  });
});

describe('resumenCuotas', () => {
  it('suma capital, intereses y total, y toma la primera cuota y el último vencimiento en orden de número', () => {
    const r = resumenCuotas([
      {
        numero_cuota: 2,
        fecha_vencimiento: '2026-03-31',
        monto_capital_centimos: 500,
        monto_interes_centimos: 50,
        monto_total_centimos: 550,
      },
      {
        numero_cuota: 1,
        fecha_vencimiento: '2026-02-28',
        monto_capital_centimos: 490,
        monto_interes_centimos: 60,
        monto_total_centimos: 550,
      },
    ]);
    expect(r).toEqual({
      cantidad: 2,
      primera_cuota_centimos: 550,
      total_capital_centimos: 990,
      total_intereses_centimos: 110,
      total_a_pagar_centimos: 1100,
      fecha_ultimo_vencimiento: '2026-03-31',
    });
    expect(resumenCuotas([]).fecha_ultimo_vencimiento).toBeNull();
  });
});

describe('alertaCuota', () => {
  it('marca vencidas las de fecha pasada y próximas las que vencen en 7 días o menos', () => {
    expect(alertaCuota('2026-11-20', '2026-11-21')).toBe('vencida');
    expect(alertaCuota('2026-11-21', '2026-11-21')).toBe('proxima');
    expect(alertaCuota('2026-11-28', '2026-11-21')).toBe('proxima');
    expect(alertaCuota('2026-11-29', '2026-11-21')).toBeNull();
  });
});

describe('proximasCuotas', () => {
  it('devuelve las n más tempranas no pagadas de varios créditos', () => {
    const c = (credito_id: string, numero_cuota: number, fecha_vencimiento: string, pagada = false) => ({
      credito_id,
      numero_cuota,
      fecha_vencimiento,
      pagada,
    });
    const r = proximasCuotas(
      [
        c('A', 1, '2026-01-10', true),
        c('A', 2, '2026-02-10'),
        c('A', 3, '2026-03-10'),
        c('B', 5, '2026-01-20'),
        c('B', 6, '2026-02-10'),
        c('B', 7, '2026-03-10'),
      ],
      3,
    );
    expect(r.map((x) => `${x.credito_id}${x.numero_cuota}`)).toEqual(['B5', 'A2', 'B6']);
  });
});

describe('índices del crédito', () => {
  it('encuentra el crédito por número completo, sin prefijo, sin ceros y por nombre del cliente sin acentos', () => {
    const terms = creditoSearchTerms({
      numero_credito: 'CR-2026-000123',
      cliente_nombre: NOMBRE_CON_ACENTOS.nombre,
      cliente_apellido: NOMBRE_CON_ACENTOS.apellido,
    });
    expect(terms).toEqual(expect.arrayContaining(['cr-2026-000123', '2026-000123', '000123', '123', ...TERMINOS_DEL_NOMBRE]));
    expect(new Set(terms).size).toBe(terms.length);
  });
  it('limita los términos para que la aprobación quepa en una transacción', () => {
    const terms = creditoSearchTerms({
      numero_credito: 'CR-2026-000001',
      cliente_nombre: 'Uno Dos Tres Cuatro Cinco Seis',
      cliente_apellido: 'Siete Ocho Nueve Diez Once Doce Trece Catorce',
    });
    expect(terms.length).toBe(MAX_TERMINOS_CREDITO);
  });
  it('incluye la guarda del número y un elemento de búsqueda por término', () => {
    const items = creditoIndexItems({
      id: 'K1',
      numero_credito: 'CR-2026-000123',
      cliente_nombre: 'Ana',
      cliente_apellido: 'Mora',
    });
    expect(items[0]).toEqual({ pk: 'UNICO#CREDITO_NUMERO#CR-2026-000123', sk: 'UNICO', tipo: 'unico', credito_id: 'K1' });
    expect(items).toContainEqual({ pk: 'BUSQUEDA#CREDITO#m', sk: 'mora#K1', tipo: 'busqueda', credito_id: 'K1' });
  });
});
