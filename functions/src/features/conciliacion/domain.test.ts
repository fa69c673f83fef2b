import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineaLeida } from './csv';
import { confirmable, emparejar, huellaArchivo, huellasDeLineas, puntuar, type PagoPendiente } from './domain';

const linea = (over: Partial<LineaLeida> = {}): LineaLeida => ({
  n: 2,
  fecha: '2026-11-03',
  descripcion: 'SINPE MOVIL RECIBIDO',
  referencia: null,
  credito_centimos: 25_000_00,
  debito_centimos: 0,
  saldo_centimos: null,
  contenido: 'x',
  ...over,
});
const pago = (over: Partial<PagoPendiente> = {}): PagoPendiente => ({
  id: 'P1',
  credito_id: 'C1',
  numero_credito: 'CR-2026-000001',
  cliente_id: 'K1',
  cliente_nombre: 'Ana Mora',
  monto_centimos: 25_000_00,
  fecha_pago: '2026-11-03',
  referencia_pago: 'PAGO-1764000000000',
  referencia_externa: 'FT26307000123',
  ...over,
});

describe('coincidencia de una línea con un pago reportado', () => {
  it('alta: monto exacto, la referencia del cliente dentro de la descripción (sin importar guiones ni tildes) y misma fecha', () => {
    const s = puntuar(linea({ descripcion: 'Transferencia ft-2630-7000-123 de María' }), pago());
    expect(s).toEqual({ puntaje: 100, confianza: 'alta', motivos: ['monto', 'referencia', 'fecha'] });
  });

  it('media: monto y fecha dentro de la ventana, sin referencia; baja: referencia con otro monto', () => {
    expect(puntuar(linea({ fecha: '2026-11-05' }), pago())).toEqual({
      puntaje: 55,
      confianza: 'media',
      motivos: ['monto', 'fecha'],
    });
    expect(puntuar(linea({ referencia: 'FT26307000123', credito_centimos: 25_000_01 }), pago())).toMatchObject({
      confianza: 'baja',
      motivos: ['referencia', 'fecha'],
    });
    expect(puntuar(linea({ fecha: '2026-11-10' }), pago())).toMatchObject({ confianza: 'baja', motivos: ['monto'] });
    expect(puntuar(linea({ credito_centimos: 24_999_99 }), pago())).toBeNull();
  });

  it('una referencia corta no se busca dentro de la descripción (un monto o una fecha la contendrían por azar)', () => {
    expect(
      puntuar(linea({ descripcion: 'DEPOSITO 12345', credito_centimos: 1 }), pago({ referencia_externa: '12345' })),
    ).toBeNull();
  });

  it('propiedad: el monto cuenta solo cuando los céntimos son exactamente iguales', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: -3, max: 3 }), (monto, delta) => {
        const s = puntuar(linea({ credito_centimos: monto + delta }), pago({ monto_centimos: monto, referencia_externa: null }));
        const mismo = BigInt(monto + delta) === BigInt(monto);
        expect(s?.motivos.includes('monto') ?? false).toBe(mismo);
        expect(confirmable(s)).toBe(mismo);
      }),
    );
  });
});

describe('emparejar un extracto con los pagos pendientes', () => {
  it('cada pago va a una sola línea, la de mayor puntaje; las demás quedan sin candidato', () => {
    const lineas = [
      linea({ n: 2, fecha: '2026-11-05' }),
      linea({ n: 3, descripcion: 'FT26307000123' }),
      linea({ n: 4, credito_centimos: 9_99 }),
    ];
    const m = emparejar(lineas, [pago()]);
    expect([...m.keys()]).toEqual([3]);
    expect(m.get(3)).toMatchObject({ pago_id: 'P1', confianza: 'alta' });
  });

  it('dos pagos iguales (misma cuota, mismo día) para una línea: ambigua, queda baja y no se confirma en lote', () => {
    const m = emparejar([linea()], [pago({ id: 'P1', referencia_externa: null }), pago({ id: 'P2', referencia_externa: null })]);
    expect(m.get(2)).toMatchObject({ confianza: 'baja' });
    expect(confirmable(m.get(2))).toBe(false);
  });

  it('propiedad: ningún pago se asigna dos veces y todo candidato confirmable tiene el mismo monto exacto', () => {
    const arbLinea = fc.record({
      n: fc.integer({ min: 1, max: 5000 }),
      monto: fc.integer({ min: 1, max: 5 }),
      dia: fc.integer({ min: 1, max: 9 }),
    });
    const arbPago = fc.record({ id: fc.uuid(), monto: fc.integer({ min: 1, max: 5 }), dia: fc.integer({ min: 1, max: 9 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbLinea, { selector: (l) => l.n, maxLength: 30 }),
        fc.uniqueArray(arbPago, { selector: (p) => p.id, maxLength: 30 }),
        (ls, ps) => {
          const lineas = ls.map((l) => linea({ n: l.n, credito_centimos: l.monto * 100_00, fecha: `2026-11-0${l.dia}` }));
          const pagos = ps.map((p) =>
            pago({ id: p.id, monto_centimos: p.monto * 100_00, fecha_pago: `2026-11-0${p.dia}`, referencia_externa: null }),
          );
          const m = emparejar(lineas, pagos);
          const ids = [...m.values()].map((c) => c.pago_id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const [n, c] of m) {
            const l = lineas.find((x) => x.n === n)!;
            if (confirmable(c)) expect(BigInt(c.monto_centimos)).toBe(BigInt(l.credito_centimos));
          }
        },
      ),
    );
  });
});

describe('huellas', () => {
  it('la misma línea da la misma huella en otro archivo; con saldo basta el saldo, sin saldo cuenta la repetición', () => {
    const a = huellasDeLineas('bn', [linea({ saldo_centimos: 100, contenido: 'a' })]);
    const b = huellasDeLineas('bn', [linea({ n: 9, saldo_centimos: 100, contenido: 'otro formato' })]);
    expect(a).toEqual(b);
    expect(huellasDeLineas('bcr', [linea({ saldo_centimos: 100 })])).not.toEqual(a);
    const [x, y] = huellasDeLineas('generico', [linea({ n: 2 }), linea({ n: 3 })]);
    expect(x).not.toBe(y);
    expect(huellasDeLineas('generico', [linea({ n: 7 }), linea({ n: 8 })])).toEqual([x, y]);
  });

  it('el archivo: igual con CRLF o LF y con o sin BOM; otro banco es otro archivo', () => {
    expect(huellaArchivo('bn', '\uFEFFa;b\r\nc;d\r\n')).toBe(huellaArchivo('bn', 'a;b\nc;d'));
    expect(huellaArchivo('bcr', 'a;b\nc;d')).not.toBe(huellaArchivo('bn', 'a;b\nc;d'));
  });
});
