import { portalResumenTexts } from '@cuota/shared/texts/portalResumen';
import { Card, CardContent, CardHeader, CardTitle, ScoreDisplay, Skeleton, TarjetaConTitulo } from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useObtenerResumenPortal } from '../api/resumen';
import { LineaCreditoGauge } from './linea-credito-gauge';
import { ProximasCuotas } from './proximas-cuotas';

const t = portalResumenTexts;

/**
 * The portal's summary: score with its band and the credit line gauge side by side, the upcoming
 * cuotas below across the whole width (in a third of it, the credit number and the cuota were cut).
 */
export function ResumenPortal() {
  const { data, isPending, isError, error, refetch } = useObtenerResumenPortal();
  if (isError) {
    return (
      <Card>
        <CardContent className="pt-6">
          <LoadError title={t.loadError} error={error} onRetry={() => void refetch()} />
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TarjetaConTitulo titulo={t.scoreTitulo} descripcion={t.scoreEscala} claseTitulo="text-base" claseContenido="grid gap-2">
        {isPending ? (
          <Skeleton className="h-10 w-32" />
        ) : (
          <>
            <ScoreDisplay score={data.score} />
            {data.score === null ? <p className="text-xs text-muted-foreground">{t.scoreSin}</p> : null}
          </>
        )}
      </TarjetaConTitulo>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t.lineaTitulo}</CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? <Skeleton className="h-40 w-full" /> : <LineaCreditoGauge linea={data.linea_credito} />}
        </CardContent>
      </Card>
      <Card className="md:col-span-2">
        <CardHeader>
          <CardTitle className="text-base">{t.cuotasTitulo}</CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <div className="grid gap-2" aria-busy>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : (
            <ProximasCuotas cuotas={data.proximas_cuotas} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
