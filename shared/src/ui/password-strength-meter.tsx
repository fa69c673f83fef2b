import { CheckCircle2 } from 'lucide-react';
import { passwordStrength, type StrengthLevel } from '../password';
import { authTexts } from '../texts/auth';
import { cn } from '@cuota/shared/ui';

const LEVEL_CLASSES: Record<StrengthLevel, { bar: string; text: string }> = {
  'muy-debil': { bar: 'bg-destructive', text: 'text-destructive' },
  debil: { bar: 'bg-orange-500', text: 'text-orange-600' },
  media: { bar: 'bg-warning', text: 'text-warning-foreground' },
  fuerte: { bar: 'bg-success/80', text: 'text-success' },
  'muy-fuerte': { bar: 'bg-success', text: 'text-success' },
};

export interface PasswordStrengthMeterProps {
  password: string;
  className?: string;
}

/** Spec §4/§5: score bar, level label and 'Contraseña segura' once every rule passes. Hidden while empty. */
export function PasswordStrengthMeter({ password, className }: PasswordStrengthMeterProps) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const classes = LEVEL_CLASSES[strength.level];
  return (
    <div className={cn('grid gap-1.5', className)} data-level={strength.level}>
      <div
        role="meter"
        aria-label="Fortaleza de la contraseña"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={strength.score}
        aria-valuetext={strength.label}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full transition-[width]', classes.bar)} style={{ width: `${strength.score}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <span className={cn('font-medium', classes.text)}>{strength.label}</span>
        {strength.secure ? (
          <span className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 aria-hidden className="size-3.5" />
            {authTexts.secure}
          </span>
        ) : strength.errors[0] ? (
          <span className="text-muted-foreground">{strength.errors[0]}</span>
        ) : null}
      </div>
    </div>
  );
}
