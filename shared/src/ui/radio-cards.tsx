import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@cuota/shared/ui';

/**
 * One-tap choices shown as cards: a radio group (role radiogroup, Tab enters it at the checked
 * card, the arrow keys move between cards and select) whose cards stack on phones. Give the
 * group a name with aria-label or aria-labelledby.
 */
export function RadioCards({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-2', className)} {...props} />;
}

/** One card of RadioCards; its content (a label and, e.g., an amount) is its accessible name. */
export function RadioCard({ className, children, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'group flex min-h-11 w-full min-w-0 cursor-pointer items-start gap-2.5 rounded-md border border-border bg-card px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-card data-[state=checked]:border-primary data-[state=checked]:bg-primary/5',
        className,
      )}
      {...props}
    >
      {/* the checked dot: the state is not told by colour alone */}
      <span
        aria-hidden
        className="mt-0.5 grid size-4 shrink-0 place-items-center rounded-full border border-muted-foreground group-data-[state=checked]:border-primary"
      >
        <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">{children}</span>
    </RadioGroupPrimitive.Item>
  );
}
