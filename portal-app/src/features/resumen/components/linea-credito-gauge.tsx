import { formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { PortalResumen } from '@cuota/shared/schemas/creditos';
import { portalResumenTexts } from '@cuota/shared/texts/portalResumen';
import { cn } from '@cuota/shared/ui';

const t = portalResumenTexts;

/** Used share of the line, 0–100 with one decimal (a limit of 0 reads as fully used). */
export function porcentajeUsado(linea: PortalResumen['linea_credito']): number {
  if (linea.limite_centimos <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((linea.usado_centimos / linea.limite_centimos) * 1000) / 10));
}

const R = 80;
const ARC = Math.PI * R; // half circle

/** The credit line (spec §9: ₡3 000 000 limit) as a half-circle gauge with used and available. */
export function LineaCreditoGauge({ linea }: { linea: PortalResumen['linea_credito'] }) {
  const usado = porcentajeUsado(linea);
  const tono = usado >= 90 ? 'text-destructive' : usado >= 70 ? 'text-warning' : 'text-primary';
  const etiqueta = t.lineaUso(formatPorcentaje(usado, 1));
  return (
    <div className="grid gap-3">
      <div className="relative mx-auto w-full max-w-[220px]">
        <svg viewBox="0 0 200 110" role="img" aria-label={`${t.lineaTitulo}: ${etiqueta}`} className="w-full">
          <path
            d={`M 20 100 A ${R} ${R} 0 0 1 180 100`}
            fill="none"
            strokeWidth="16"
            strokeLinecap="round"
            className="stroke-muted"
          />
          <path
            d={`M 20 100 A ${R} ${R} 0 0 1 180 100`}
            fill="none"
            strokeWidth="16"
            strokeLinecap="round"
            className={cn('stroke-current transition-[stroke-dashoffset]', tono)}
            strokeDasharray={ARC}
            strokeDashoffset={ARC * (1 - usado / 100)}
          />
        </svg>
        <div className="absolute inset-x-0 bottom-0 text-center">
          <p className="text-lg font-semibold tabular-nums">{formatCRC(linea.disponible_centimos)}</p>
          <p className="text-xs text-muted-foreground">{t.lineaDisponible}</p>
        </div>
      </div>
      <p className="text-center text-xs text-muted-foreground">{etiqueta}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t.lineaUsado}</dt>
          <dd className="font-medium tabular-nums">{formatCRC(linea.usado_centimos)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-muted-foreground">{t.lineaLimite}</dt>
          <dd className="font-medium tabular-nums">{formatCRC(linea.limite_centimos)}</dd>
        </div>
      </dl>
    </div>
  );
}
