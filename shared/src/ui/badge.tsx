import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const badgeVariants = cva(
  'inline-flex w-fit items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-muted text-foreground',
        // Darker than --color-success / --color-info for the same reason (AA at text-xs on the tint).
        success: 'border-transparent bg-success/15 text-[oklch(0.44_0.12_150)]',
        warning: 'border-transparent bg-warning/20 text-warning-foreground',
        // Darker than --color-destructive so 12px text on the tint passes WCAG AA (4.5:1).
        destructive: 'border-transparent bg-destructive/10 text-[oklch(0.5_0.2_27)]',
        info: 'border-transparent bg-info/10 text-[oklch(0.47_0.16_255)]',
        outline: 'border-border text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
