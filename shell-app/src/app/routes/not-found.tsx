import { notFoundTexts } from '@cuota/shared/texts/notFound';
import { Button } from '@cuota/shared/ui/button';
import { House } from '@cuota/shared/ui/icons';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">{notFoundTexts.title}</h1>
      <p className="text-muted-foreground">{notFoundTexts.text}</p>
      <Button asChild>
        <Link to="/">
          <House aria-hidden />
          {notFoundTexts.back}
        </Link>
      </Button>
    </main>
  );
}
