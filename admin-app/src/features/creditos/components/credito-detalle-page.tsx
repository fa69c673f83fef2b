import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { CreditoDetalle } from '@cuota/shared/schemas/creditos';
import { enCartera } from '@cuota/shared/schemas/lending';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { reestructuracionTexts } from '@cuota/shared/texts/reestructuracion';
import { descargarTablaAmortizacion } from '@cuota/shared/documents/amortizacion-csv';
import { filasPrecioCredito } from '@cuota/shared/documents/precio-credito';
import {
  ArrowLeft,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CreditoEstadoBadge,
  EmptyState,
  FileText,
  SearchX,
  Skeleton,
  TarjetaConTitulo,
  toast,
  User,
} from '@cuota/shared/ui';
import { Progress } from '@cuota/shared/ui/progress';
import { EnlaceVolver, errorMessage, isApiError, useTieneRol } from '@cuota/shared/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { TarjetaDeDato } from '../../../shared-admin/tarjeta-de-dato';
import { listarCuotasCreditoQueryOptions } from '../api/listar-cuotas-credito';
import { useObtenerCredito } from '../api/obtener-credito';
import { openDocumento, type DocumentoImprimible } from '../lib/open-document';
import { CuotasTable, PagosCredito } from './credito-tablas';
import { GestionCobro } from './gestion-cobro';
import { RegistrarPagoDialog } from './registrar-pago-dialog';
import { RiesgoCredito } from './riesgo-credito';
import { ConstanciaCancelacionButton, LiquidacionCredito } from './liquidacion-credito';
import { ReestructuracionesCredito } from './reestructuraciones-credito';
import { SituacionPago } from './situacion-pago';

const c = creditosTexts;

/** One labelled datum of the credit; `cifra` lines its digits up (tabular). */
function Dato({ label, cifra = false, children }: { label: string; cifra?: boolean; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cifra ? 'font-medium tabular-nums' : 'font-medium'}>{children}</dd>
    </div>
  );
}

function InfoCredito({ credito }: { credito: CreditoDetalle }) {
  const progreso = Number(credito.progreso_pago);
  const progresoTexto = formatPorcentaje(Number.isFinite(progreso) ? progreso : 0, 1);
  const producto = credito.producto?.nombre ?? credito.producto_nombre ?? c.na;
  return (
    <TarjetaConTitulo titulo={c.info} claseEncabezado="pb-3" claseTitulo="text-base" claseContenido="grid gap-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <Dato label={c.fechaDesembolso}>{formatDate(credito.fecha_desembolso)}</Dato>
        {credito.fecha_primer_vencimiento ? (
          <Dato label={c.primerVencimiento}>{formatDate(credito.fecha_primer_vencimiento)}</Dato>
        ) : null}
        <Dato label={c.producto}>{producto}</Dato>
        {filasPrecioCredito(credito).map((fila) => (
          <Dato key={fila.label} label={fila.label} cifra>
            {fila.value}
          </Dato>
        ))}
      </dl>
      <div className="grid gap-2">
        <div className="flex justify-between text-sm">
          <span>{c.progreso}</span>
          <span className="font-semibold tabular-nums">{progresoTexto}</span>
        </div>
        <Progress value={Number.isFinite(progreso) ? progreso : 0} aria-label={`${c.progreso}: ${progresoTexto}`} />
      </div>
    </TarjetaConTitulo>
  );
}

function Detalle({ credito }: { credito: CreditoDetalle }) {
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [opening, setOpening] = useState<DocumentoImprimible | null>(null);
  const cobra = useTieneRol('cobrador', 'analista', 'admin');
  const clienteNombre = credito.cliente
    ? `${credito.cliente.nombre} ${credito.cliente.apellido}`
    : `${credito.cliente_nombre} ${credito.cliente_apellido}`;

  async function descargar() {
    setDownloading(true);
    try {
      await descargarTablaAmortizacion(
        credito.numero_credito,
        () => queryClient.fetchQuery(listarCuotasCreditoQueryOptions(credito.id)),
        toast,
      );
    } finally {
      setDownloading(false);
    }
  }

  async function abrir(tipo: DocumentoImprimible) {
    setOpening(tipo);
    try {
      await openDocumento(queryClient, credito.id, tipo);
    } finally {
      setOpening(null);
    }
  }

  // a refinanciado credit is closed as a cancelado one: nothing to collect or pay off
  const cerrado = credito.estado === 'cancelado' || credito.estado === 'refinanciado';
  const enCarteraActiva = enCartera(credito.estado);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EnlaceVolver to="/creditos">{c.back}</EnlaceVolver>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{credito.numero_credito}</h1>
            <CreditoEstadoBadge estado={credito.estado} />
          </div>
          <p className="text-sm text-muted-foreground">{clienteNombre}</p>
          <EnlacesRefinanciamiento credito={credito} />
          <Link
            to={`/clientes/${credito.cliente_id}`}
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <User aria-hidden className="size-4" />
            {c.verPerfil}
          </Link>
        </div>
        <div className="grid gap-0.5 sm:text-right">
          <span className="text-xs text-muted-foreground">{c.saldoPendiente}</span>
          <span className="text-2xl font-bold tabular-nums">{formatCRC(credito.saldo_capital_centimos)}</span>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <TarjetaDeDato label={c.montoOriginal}>{formatCRC(credito.monto_principal_centimos)}</TarjetaDeDato>
        <TarjetaDeDato label={c.tasaAnual}>{formatPorcentaje(credito.tasa_interes_anual)}</TarjetaDeDato>
        <TarjetaDeDato label={c.plazo}>{`${credito.plazo_meses} ${c.meses}`}</TarjetaDeDato>
        <TarjetaDeDato label={c.producto}>{credito.producto?.nombre ?? credito.producto_nombre ?? c.na}</TarjetaDeDato>
      </div>

      <RiesgoCredito creditoId={credito.id} />

      {/* only a credit in the active portfolio has a payment situation, collection work and a payoff; a castigado one owes what was written off (RiesgoCredito) */}
      {enCarteraActiva ? <SituacionPago deuda={credito.deuda} /> : null}

      {cobra && enCarteraActiva ? <GestionCobro credito={credito} /> : null}

      {enCarteraActiva ? <LiquidacionCredito credito={credito} /> : null}

      {credito.fecha_desembolso ? <InfoCredito credito={credito} /> : null}

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-3">
          <CardTitle className="text-base">{c.amortizacion}</CardTitle>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void descargar()} disabled={downloading}>
              <FileText aria-hidden />
              {c.descargarCsv}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void abrir('contrato')} disabled={opening !== null}>
              <FileText aria-hidden />
              {c.contratoBtn}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void abrir('comprobantes')} disabled={opening !== null}>
              <FileText aria-hidden />
              {c.comprobantesBtn}
            </Button>
            {credito.estado === 'cancelado' ? <ConstanciaCancelacionButton creditoId={credito.id} /> : null}
          </div>
        </CardHeader>
        <CardContent>
          <CuotasTable creditoId={credito.id} />
        </CardContent>
      </Card>

      <ReestructuracionesCredito creditoId={credito.id} activo={enCarteraActiva} />

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-3">
          <CardTitle className="text-base">{c.historial}</CardTitle>
          {cobra && !cerrado ? <RegistrarPagoDialog creditoId={credito.id} /> : null}
        </CardHeader>
        <CardContent>
          <PagosCredito creditoId={credito.id} />
        </CardContent>
      </Card>
    </div>
  );
}

export function CreditoDetallePage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useObtenerCredito(id);

  if (isPending) {
    return (
      <div className="grid gap-6" aria-busy>
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-16 w-full max-w-md" />
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (isError) {
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <div className="grid gap-6">
        <EmptyState
          icon={<SearchX />}
          title={notFound ? c.notFound : c.loadError}
          description={notFound ? undefined : errorMessage(error, errorsTexts.internal)}
          action={
            notFound ? (
              <Button asChild variant="outline">
                <Link to="/creditos">
                  <ArrowLeft aria-hidden />
                  {c.back}
                </Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void refetch()}>
                {c.retry}
              </Button>
            )
          }
        />
      </div>
    );
  }
  return <Detalle credito={data} />;
}

/** Refinanciamiento: the old credit links to the new one and the new one to the old. */
function EnlacesRefinanciamiento({ credito }: { credito: CreditoDetalle }) {
  const r = reestructuracionTexts;
  const enlace = (id: string, numero: string | null | undefined, texto: string) => (
    <p className="text-sm">
      {texto}{' '}
      <Link to={`/creditos/${id}`} className="font-medium text-primary underline-offset-4 hover:underline">
        {numero ?? id}
      </Link>
    </p>
  );
  return (
    <>
      {credito.refinanciado_por_id
        ? enlace(credito.refinanciado_por_id, credito.refinanciado_por_numero, r.refinanciadoPor)
        : null}
      {credito.credito_origen_id ? enlace(credito.credito_origen_id, credito.credito_origen_numero, r.refinanciaA) : null}
    </>
  );
}
