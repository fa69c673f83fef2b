import { generalTexts } from '@cuota/shared/texts/general';
import { notFoundTexts } from '@cuota/shared/texts/notFound';
import { useRouteError } from 'react-router-dom';

/** The fallback screen; also shown when the shell cannot start (e.g. /config.json is missing). */
export function ErrorScreen({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">{generalTexts.fallbackError}</h1>
      <p className="max-w-md text-muted-foreground">{generalTexts.fallbackErrorText}</p>
      {detail ? <pre className="max-w-full overflow-x-auto rounded-md bg-muted px-4 py-2 text-left text-xs">{detail}</pre> : null}
      <div className="flex gap-2">
        <a href="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {notFoundTexts.back}
        </a>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {generalTexts.reload}
        </button>
      </div>
    </main>
  );
}

export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen error={error} />;
}
