import type { Credito, Pago, Solicitud } from '../schemas/lending';
import { riskLabel, scoreBand, type Riesgo } from '../score';
import { creditoEstadoTexts } from '../texts/creditoEstado';
import { kycTexts } from '../texts/kyc';
import { pagoEstadoTexts } from '../texts/pagoEstado';
import { solicitudEstadoTexts } from '../texts/solicitudEstado';
import { Badge, type BadgeVariant } from './badge';
import { cn } from './cn';

/** The product's status badges and score, one look in every app. */

export function KycBadge({ completo }: { completo: boolean }) {
  return completo ? <Badge variant="success">{kycTexts.completo}</Badge> : <Badge variant="warning">{kycTexts.pendiente}</Badge>;
}

const RISK_VARIANT: Record<Riesgo, BadgeVariant> = { bajo: 'success', medio: 'warning', alto: 'destructive' };

/** Spec §3: 'Riesgo Bajo/Medio/Alto'; no value shows nothing. */
export function RiskBadge({ riesgo }: { riesgo: Riesgo | null }) {
  const label = riskLabel(riesgo);
  if (!riesgo || !label) return null;
  return <Badge variant={RISK_VARIANT[riesgo]}>{label}</Badge>;
}

const SOLICITUD_VARIANT: Record<Solicitud['estado'], BadgeVariant> = {
  borrador: 'secondary',
  enviado: 'info',
  en_analisis: 'warning',
  aprobado: 'success',
  rechazado: 'destructive',
  cancelado: 'secondary',
  desembolsado: 'success',
};

export function SolicitudEstadoBadge({ estado }: { estado: Solicitud['estado'] }) {
  return <Badge variant={SOLICITUD_VARIANT[estado]}>{solicitudEstadoTexts[estado]}</Badge>;
}

const CREDITO_VARIANT: Record<Credito['estado'], BadgeVariant> = {
  vigente: 'info',
  al_dia: 'success',
  vencido: 'destructive',
  cancelado: 'secondary',
  castigado: 'outline',
  refinanciado: 'secondary',
};

export function CreditoEstadoBadge({ estado }: { estado: Credito['estado'] }) {
  return <Badge variant={CREDITO_VARIANT[estado]}>{creditoEstadoTexts[estado]}</Badge>;
}

const PAGO_VARIANT: Record<Pago['estado'], BadgeVariant> = {
  registrado: 'warning',
  conciliado: 'success',
  revertido: 'destructive',
  reversado: 'secondary',
};

export function PagoEstadoBadge({ estado }: { estado: Pago['estado'] }) {
  return <Badge variant={PAGO_VARIANT[estado]}>{pagoEstadoTexts[estado]}</Badge>;
}

/** A credit score with its band (spec §4: Excelente, Bueno, Regular, Sin Score). */
export function ScoreDisplay({ score, className }: { score: number | null; className?: string }) {
  return (
    <span className={cn('flex items-baseline gap-2', className)}>
      <span className="text-3xl font-bold tabular-nums">{score ?? '—'}</span>
      <span className="text-sm font-medium text-muted-foreground">{scoreBand(score)}</span>
    </span>
  );
}
