import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Input } from './input';

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'className'> {
  /** The accessible name: the field has no visible label. */
  'aria-label': string;
  /** Classes for the wrapper (width, max-width); the input itself always fills it. */
  className?: string;
}

/** A list page's search box: `type="search"` with a magnifier icon inside on the left. */
export function SearchInput({ className, ...props }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
