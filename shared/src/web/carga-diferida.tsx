import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { generalTexts } from '../texts/general';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export interface CargaDiferidaProps {
  children: ReactNode;
  /** What shows while the code downloads; a spinner announced as "Cargando" by default. */
  fallback?: ReactNode;
}

/**
 * A part of a page whose code downloads when it is shown (`React.lazy`: a tab, a dialog, a form).
 * While it downloads, `fallback`; if the download fails (no signal, or a deploy replaced the
 * chunk), a short message with 'Recargar' takes its place and the rest of the page keeps working.
 * React keeps a failed lazy import for the life of the page, so the way back is a reload.
 */
export class CargaDiferida extends Component<CargaDiferidaProps, { fallo: boolean }> {
  override state = { fallo: false };

  static getDerivedStateFromError(): { fallo: boolean } {
    return { fallo: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('No se pudo cargar una parte de la página', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.fallo) {
      return (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-sm">
          <span>{generalTexts.fallbackErrorText}</span>
          <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
            {generalTexts.reload}
          </Button>
        </div>
      );
    }
    return (
      <Suspense
        fallback={
          this.props.fallback ?? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          )
        }
      >
        {this.props.children}
      </Suspense>
    );
  }
}
