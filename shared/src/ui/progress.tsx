import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@cuota/shared/ui';

export interface ProgressProps {
  /** 0 to 100. */
  value: number;
  className?: string;
  indicatorClassName?: string;
  'aria-label'?: string;
}

export function Progress({ value, className, indicatorClassName, ...props }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full bg-primary transition-[width]', indicatorClassName)}
        style={{ width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
