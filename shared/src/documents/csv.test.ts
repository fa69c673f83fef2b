import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leerComoHojaEs } from '../testing/hoja-es';
import { construirCsv, entero, fecha, fechaCsv, monto, montoCsv, porcentaje, texto, textoCsv } from './csv';

/** Reads a CSV as Excel in Spanish does (a reference reader of its own), after checking its BOM. */
function leerComoExcelEs(csv: string): string[][] {
  const { bom, filas } = leerComoHojaEs(csv);
  expect(bom).toBe(true);
  return filas;
}

describe('CSV es-CR', () => {
  it('BOM, separador ;, coma decimal, fechas dd/mm/aaaa y CRLF', () => {
    const csv = construirCsv(
      ['Fecha', 'Cliente', 'Monto', 'Créditos', '%'],
      [[fecha('2026-03-05'), texto('Ana; "la" Pérez'), monto(125_000_50), entero(3), porcentaje('12.50')]],
    );
    expect(csv).toBe('\uFEFFFecha;Cliente;Monto;Créditos;%\r\n05/03/2026;"Ana; ""la"" Pérez";125000,50;3;12,50\r\n');
    expect(leerComoExcelEs(csv)).toEqual([
      ['Fecha', 'Cliente', 'Monto', 'Créditos', '%'],
      ['05/03/2026', 'Ana; "la" Pérez', '125000,50', '3', '12,50'],
    ]);
  });

  it('neutraliza fórmulas en celdas de texto (=, +, -, @, tab, CR) pero no en montos negativos', () => {
    for (const peligroso of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\r=1'])
      expect(textoCsv(peligroso).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(construirCsv(['M'], [[monto(-1_05)]])).toBe('\uFEFFM\r\n-1,05\r\n');
  });

  it('fechas ISO con hora se leen en Costa Rica; los meses como mm/aaaa', () => {
    expect(fechaCsv('2026-03-01T03:00:00.000Z')).toBe('28/02/2026');
    expect(fechaCsv('2026-03')).toBe('03/2026');
  });

  it('cualquier monto en céntimos se lee de vuelta exacto con coma decimal (referencia BigInt)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), (c) => {
        const [entera, dec] = montoCsv(c).split(',');
        expect(dec).toHaveLength(2);
        const signo = entera!.startsWith('-') ? -1n : 1n;
        expect(signo * (BigInt(entera!.replace('-', '')) * 100n + BigInt(dec!))).toBe(BigInt(c));
      }),
    );
  });

  it('cualquier texto sobrevive a la lectura y nunca empieza como fórmula', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (textos) => {
        const [, fila] = leerComoExcelEs(
          construirCsv(
            textos.map((_, i) => `c${i}`),
            [textos.map(texto)],
          ),
        );
        fila!.forEach((v, i) => {
          expect(/^[=+\-@\t\r]/.test(v)).toBe(false);
          expect(v.replace(/^'(?='*[=+\-@\t\r])/, '')).toBe(textos[i]);
        });
      }),
      // texts that already carry the mark: the writer must still tell them from a neutralised formula
      { examples: [[["'="]], [["''+1", '=1', "'hola"]], [["'@SUMA(A1)", '-5']]] },
    );
  });
});
