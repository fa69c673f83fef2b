import { generalTexts } from '@cuota/shared/texts/general';
import { Card, CardContent, CardHeader } from '@cuota/shared/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The public account screens' frame (/auth, /restablecer-contrasena): brand link, one card with a heading. */
export function AuthFrame({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-brand-dark via-primary to-primary/80 px-4 py-10">
      <Link to="/" className="mb-6 text-2xl font-bold tracking-tight text-white">
        {generalTexts.brand}
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {description}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}
