import { colonesDecimal } from '@cuota/shared/montos';
import type { ReporteProvisiones } from '@cuota/shared/schemas/riesgo';

/**
 * The provisions report as CSV for Excel in Spanish (Costa Rica): UTF-8 BOM, ';' between columns,
 * amounts in colones with a decimal comma and no thousands separator, so they open as numbers.
 */
const SEP = ';';
const BOM = '\uFEFF';
const monto = (centimos: number) => colonesDecimal(centimos).replace('.', ',');
const pct = (p: string) => p.replace('.', ',');

export function provisionesCsv(r: ReporteProvisiones): string {
  const header = ['Categoría', 'Estimación %', 'Créditos', 'Saldo de capital', 'Estimación requerida'].join(SEP);
  const filas = r.filas.map((f) =>
    [f.categoria, pct(f.porcentaje), String(f.creditos), monto(f.saldo_centimos), monto(f.provision_centimos)].join(SEP),
  );
  const total = ['Total', '', String(r.total.creditos), monto(r.total.saldo_centimos), monto(r.total.provision_centimos)].join(
    SEP,
  );
  return `${BOM}${[header, ...filas, total].join('\r\n')}\r\n`;
}

export const provisionesCsvNombre = (r: ReporteProvisiones) => `Provisiones_${r.mes ?? r.fecha_corte}.csv`;
