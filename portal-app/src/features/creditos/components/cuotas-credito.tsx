import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { Credito } from '@cuota/shared/schemas/lending';
import { portalResumenTexts } from '@cuota/shared/texts/portalResumen';
import { Badge, Skeleton, Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useListarCuotasCreditoPortal } from '../api/creditos';
import { cuotaEstadoLabel, cuotaVencida, hoyCR } from '@cuota/shared/documents/cuota-estado';

const t = portalResumenTexts;

/** The credit's schedule with each cuota's state ('Pagada', 'Vencida (N días)', 'Pendiente'); four columns fit 390 px. */
export function CuotasCredito({ credito }: { credito: Pick<Credito, 'id' | 'numero_credito'> }) {
  const { data, isPending, isError, error, refetch } = useListarCuotasCreditoPortal(credito.id, true);
  if (isError) return <LoadError title={t.cuotasError} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton className="h-40 w-full" />;
  const hoy = hoyCR();
  return (
    <Table aria-label={t.cuotasCreditoTitulo(credito.numero_credito)}>
      <TableCaption className="sr-only">{t.cuotasCreditoTitulo(credito.numero_credito)}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">{t.columnas.numero}</TableHead>
          <TableHead>{t.columnas.vencimiento}</TableHead>
          <TableHead className="text-right">{t.columnas.monto}</TableHead>
          <TableHead>{t.columnas.estado}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((cuota) => (
          <TableRow key={cuota.id}>
            <TableCell className="tabular-nums">{cuota.numero_cuota}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(cuota.fecha_vencimiento)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCRC(cuota.monto_total_centimos)}</TableCell>
            <TableCell>
              <Badge variant={cuota.pagada ? 'success' : cuotaVencida(cuota, hoy) ? 'destructive' : 'secondary'}>
                {cuotaEstadoLabel(cuota, hoy)}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
