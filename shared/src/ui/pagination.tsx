import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

export interface PaginationProps {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  disabled?: boolean;
  className?: string;
}

/** Cursor pagination: the API only knows "the next page", so the caller keeps the stack of previous cursors. */
export function Pagination({ hasPrevious, hasNext, onPrevious, onNext, disabled = false, className }: PaginationProps) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Paginación" className={cn('flex items-center justify-end gap-2', className)}>
      <Button variant="outline" size="sm" onClick={onPrevious} disabled={disabled || !hasPrevious}>
        <ChevronLeft aria-hidden />
        Anterior
      </Button>
      <Button variant="outline" size="sm" onClick={onNext} disabled={disabled || !hasNext}>
        Siguiente
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
