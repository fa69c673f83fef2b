import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leerExtracto, leerFecha, leerMontoBanco, MAPEOS_PREDETERMINADOS, registros } from './csv';

const muestra = (nombre: string, codificacion = 'utf-8') =>
  new TextDecoder(codificacion).decode(readFileSync(join(__dirname, 'muestras', nombre)));

function leer(nombre: string, banco: keyof typeof MAPEOS_PREDETERMINADOS, codificacion?: string) {
  const r = leerExtracto(muestra(nombre, codificacion), MAPEOS_PREDETERMINADOS[banco]);
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r;
}

describe('lectura de extractos: muestras de cada banco', () => {
  it('BN: BOM, CRLF, punto y coma, montos es-CR, un ";" entre comillas, línea vacía y tildes', () => {
    const r = leer('bn.csv', 'bn');
    expect(r.total).toBe(4);
    expect(r.lineas.map((l) => [l.n, l.fecha, l.credito_centimos, l.debito_centimos, l.saldo_centimos])).toEqual([
      [2, '2026-11-02', 25_000_00, 0, 1_525_000_00],
      [3, '2026-11-03', 1_000_000_50, 0, 2_525_000_50],
      [4, '2026-11-03', 0, 150_000_00, 2_375_000_50],
      [6, '2026-11-04', 62_550_50, 0, 2_437_551_00],
    ]);
    expect(r.lineas[0]!.descripcion).toBe('SINPE MOVIL 8811-2233 ANACLETO ZUMBADO; CUOTA');
    expect(r.lineas[0]!.referencia).toBe('20261102153045001234');
    expect(r.lineas[1]!.descripcion).toBe('TRANSFERENCIA DE MARÍA PÉREZ');
    expect(r.lineas[3]!.referencia).toBeNull();
  });

  it('BCR: archivo en Windows-1252 (Latin-1), comas, montos 1,000,000.50 entre comillas, comillas dobles y un salto de línea dentro de un campo', () => {
    const r = leer('bcr-latin1.csv', 'bcr', 'windows-1252');
    expect(r.lineas.map((l) => [l.n, l.credito_centimos, l.debito_centimos, l.saldo_centimos])).toEqual([
      [2, 1_000_000_50, 0, 3_437_551_00],
      [3, 0, 1_500_00, 3_436_051_00],
      [4, 62_550_50, 0, 3_498_601_50],
    ]);
    expect(r.lineas[0]!.descripcion).toBe('TRANSF SINPE DE JOSÉ QUIRÓS "PAGO CRÉDITO"');
    expect(r.lineas[2]!.descripcion).toBe('DEPÓSITO VENTANILLA');
  });

  it('BAC: dos filas de encabezado, montos sin separador de miles, LF', () => {
    const r = leer('bac.csv', 'bac');
    expect(r.lineas.map((l) => [l.n, l.referencia, l.credito_centimos, l.debito_centimos])).toEqual([
      [3, '88112233', 25_000_00, 0],
      [4, '44556677', 0, 5_000_00],
    ]);
  });

  it('genérico: fechas AAAA-MM-DD, sin saldo, dos líneas idénticas siguen siendo dos', () => {
    const r = leer('generico.csv', 'generico');
    expect(r.lineas.map((l) => [l.fecha, l.credito_centimos, l.debito_centimos, l.saldo_centimos])).toEqual([
      ['2026-11-08', 500_00, 0, null],
      ['2026-11-08', 500_00, 0, null],
      ['2026-11-09', 0, 12_34, null],
    ]);
  });

  it('un archivo con líneas malas no se lee a medias: cada error con su número de línea, en español', () => {
    const r = leerExtracto(muestra('bn-errores.csv'), MAPEOS_PREDETERMINADOS.bn);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores).toEqual([
      { n: 2, mensaje: 'Línea 2: la fecha «31/02/2026» no es válida (formato dd/mm/aaaa)' },
      { n: 3, mensaje: 'Línea 3: el monto «1,000.50» no es válido (ejemplo 1.000.000,50)' },
      { n: 4, mensaje: 'Línea 4: tiene 3 columnas y se esperaban al menos 6' },
      { n: 5, mensaje: 'Línea 5: no tiene monto de crédito ni de débito' },
      { n: 6, mensaje: 'Línea 6: tiene comillas sin cerrar' },
    ]);
  });

  it('un archivo sin movimientos, o de más de 5000 líneas, se rechaza entero', () => {
    expect(leerExtracto('Fecha;Referencia\n', MAPEOS_PREDETERMINADOS.bn)).toMatchObject({ ok: false });
    const grande = ['h', ...Array.from({ length: 5001 }, () => '01/11/2026;R;D;;1,00;1,00')].join('\n');
    const r = leerExtracto(grande, MAPEOS_PREDETERMINADOS.bn);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errores[0]!.mensaje).toContain('5000 líneas');
  });
});

describe('montos del banco a céntimos (exactos, sin flotantes)', () => {
  /** Reference formatting in BigInt: groups of three with `miles`, `decimal` before two digits. */
  const escribir = (c: bigint, miles: string, decimal: string, agrupar: boolean) => {
    const entero = (c / 100n).toString();
    const grupos = agrupar ? entero.replace(/\B(?=(\d{3})+(?!\d))/g, miles) : entero;
    return `${grupos}${decimal}${(c % 100n).toString().padStart(2, '0')}`;
  };
  const centimos = fc.bigInt({ min: 1n, max: BigInt(Number.MAX_SAFE_INTEGER) });

  it('es-CR (1.000.000,50) y 1,000,000.50, agrupados o no, dan exactamente los céntimos escritos', () => {
    fc.assert(
      fc.property(centimos, fc.boolean(), (c, agrupar) => {
        expect(BigInt(leerMontoBanco(escribir(c, '.', ',', agrupar), ',')!)).toBe(c);
        expect(BigInt(leerMontoBanco(escribir(c, ',', '.', agrupar), '.')!)).toBe(c);
        expect(BigInt(leerMontoBanco(`₡ ${escribir(c, ' ', ',', agrupar)}`, ',')!)).toBe(c);
      }),
    );
  });

  it('el separador equivocado o un grupo mal formado no se adivinan', () => {
    expect(leerMontoBanco('1,000.50', ',')).toBeNull();
    expect(leerMontoBanco('1.000,50', '.')).toBeNull();
    expect(leerMontoBanco('1.00.000,00', ',')).toBeNull();
    expect(leerMontoBanco('12,345', ',')).toBeNull();
    expect(leerMontoBanco('62550,5', ',')).toBe(62_550_50);
    expect(leerMontoBanco('(1.500,00)', ',')).toBe(-1_500_00);
    expect(leerMontoBanco('', ',')).toBe(0);
  });

  it('fechas: solo fechas reales del calendario', () => {
    expect(leerFecha('29/02/2028', 'dd/mm/yyyy')).toBe('2028-02-29');
    expect(leerFecha('29/02/2027', 'dd/mm/yyyy')).toBeNull();
    expect(leerFecha('3-1-2026', 'dd-mm-yyyy')).toBe('2026-01-03');
    expect(leerFecha('2026-11-08 10:15', 'yyyy-mm-dd')).toBe('2026-11-08');
    expect(leerFecha('2026/11/08', 'yyyy-mm-dd')).toBeNull();
  });

  it('registros: comillas escapadas y separador dentro de comillas', () => {
    expect(registros('a;"b;c";"d ""e"""\r\nx', ';').map((r) => r.campos)).toEqual([['a', 'b;c', 'd "e"'], ['x']]);
  });
});
