import { formatDate } from '@cuota/shared/format';
import { formatearIdentificacion } from '@cuota/shared/identidad';
import { formatCRC } from '@cuota/shared/montos';
import type { ClienteDetalle } from '@cuota/shared/schemas/cliente';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import {
  Button,
  Card,
  CardContent,
  Pencil,
  Plus,
  EmptyState,
  KycBadge,
  RiskBadge,
  ScoreDisplay,
  SearchX,
  Skeleton,
  TarjetaConTitulo,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@cuota/shared/ui';
import { Progress } from '@cuota/shared/ui/progress';
import { CargaDiferida, EnlaceVolver, isApiError, LoadError, useTieneRol } from '@cuota/shared/web';
import { lazy, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { opcionEnUrl, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';
import { useObtenerCliente } from '../api/obtener-cliente';
import { GestionesCliente, KycYDocumentos } from './cliente-secciones';
import { CreditosCliente, PagosCliente, SolicitudesCliente } from './cliente-sublistas';

/** The edit form (and the form library) loads with the profile, not with the client list of the same module. */
const EditarClienteDialog = lazy(async () => ({ default: (await import('./editar-cliente-dialog')).EditarClienteDialog }));

const c = clientesTexts;

/** The profile's sections, the open one in the URL ('?pestana=creditos') so a reload or Back keeps it. */
const PESTANAS = ['solicitudes', 'creditos', 'pagos', 'gestiones', 'kyc'] as const;
type Pestana = (typeof PESTANAS)[number];
const VISTA = { pestana: opcionEnUrl<Pestana, 'solicitudes'>(PESTANAS, 'solicitudes') };
const TITULOS: Record<Pestana, string> = {
  solicitudes: c.tabSolicitudes,
  creditos: c.tabCreditos,
  pagos: c.tabPagos,
  gestiones: c.tabGestiones,
  kyc: c.tabKyc,
};

/** 'Nueva solicitud' (the form with this client chosen) and 'Editar datos': for those who may write (admin, analista). */
function Acciones({ cliente }: { cliente: ClienteDetalle }) {
  const puede = useTieneRol('admin', 'analista');
  const [editando, setEditando] = useState(false);
  if (!puede) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={c.acciones}>
      <Button asChild>
        <Link to={`/solicitudes?cliente=${encodeURIComponent(cliente.id)}`}>
          <Plus aria-hidden />
          {c.nuevaSolicitud}
        </Link>
      </Button>
      <Button variant="outline" onClick={() => setEditando(true)}>
        <Pencil aria-hidden />
        {c.editar}
      </Button>
      <CargaDiferida fallback={null}>
        <EditarClienteDialog cliente={cliente} abierto={editando} onAbiertoChange={setEditando} />
      </CargaDiferida>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function CreditLine({ linea }: { linea: ClienteDetalle['linea_credito'] }) {
  const usedPercent = linea.limite_centimos > 0 ? (linea.usado_centimos / linea.limite_centimos) * 100 : 0;
  return (
    <TarjetaConTitulo titulo={c.creditLine} claseEncabezado="pb-3" claseTitulo="text-base" claseContenido="grid gap-3">
      <Progress value={usedPercent} aria-label={`${c.creditLine}: ${c.used}`} />
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Stat label={c.limit} value={formatCRC(linea.limite_centimos)} />
        <Stat label={c.used} value={formatCRC(linea.usado_centimos)} />
        <Stat label={c.available} value={formatCRC(linea.disponible_centimos)} />
      </dl>
    </TarjetaConTitulo>
  );
}

function Perfil({ cliente }: { cliente: ClienteDetalle }) {
  const {
    filtros: { pestana },
    cambiar,
  } = useListaEnUrl(VISTA);
  const info: [string, string][] = [
    [
      c.columns.identificacion,
      cliente.identidad_numero
        ? `${c.identidadTipos[cliente.identidad_tipo]} ${formatearIdentificacion(cliente.identidad_tipo, cliente.identidad_numero)}`
        : '—',
    ],
    [c.fields.fecha_nacimiento, formatDate(cliente.fecha_nacimiento)],
    [c.fields.telefono, cliente.telefono ?? '—'],
    [c.fields.direccion, cliente.direccion ?? '—'],
    [c.fields.ciudad, cliente.ciudad ?? '—'],
    [c.fields.pais, cliente.pais],
    [c.clientSince, formatDate(cliente.created_at)],
  ];
  return (
    <div className="grid gap-6">
      <EnlaceVolver to="/clientes">{c.back}</EnlaceVolver>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">
            {cliente.nombre} {cliente.apellido}
          </h1>
          <p className="text-sm text-muted-foreground">{cliente.email}</p>
          <div className="mt-1 flex flex-wrap gap-2">
            <KycBadge completo={cliente.kyc_completado} />
            <RiskBadge riesgo={cliente.riesgo} />
          </div>
        </div>
        <Acciones cliente={cliente} />
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <TarjetaConTitulo titulo={c.score} claseEncabezado="pb-3" claseTitulo="text-base">
          <ScoreDisplay score={cliente.score_crediticio} />
        </TarjetaConTitulo>
        <CreditLine linea={cliente.linea_credito} />
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <dl className="grid grid-cols-2 gap-4 text-sm">
              <Stat label={c.counters.solicitudes} value={cliente.contadores.solicitudes} />
              <Stat label={c.counters.creditos} value={cliente.contadores.creditos} />
              <Stat label={c.counters.creditosActivos} value={cliente.contadores.creditos_activos} />
              <Stat label={c.counters.pagos} value={cliente.contadores.pagos} />
            </dl>
          </CardContent>
        </Card>
      </div>

      <TarjetaConTitulo titulo={c.contact} claseEncabezado="pb-3" claseTitulo="text-base">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {info.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </TarjetaConTitulo>

      <Tabs value={pestana} onValueChange={(valor) => cambiar({ pestana: valor as Pestana })}>
        <TabsList className="h-auto flex-wrap" aria-label={c.pestanas}>
          {PESTANAS.map((p) => (
            <TabsTrigger key={p} value={p}>
              {TITULOS[p]}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="mt-2">
          <CardContent className="pt-5 sm:pt-6">
            <TabsContent value="solicitudes">
              <SolicitudesCliente clienteId={cliente.id} />
            </TabsContent>
            <TabsContent value="creditos">
              <CreditosCliente clienteId={cliente.id} />
            </TabsContent>
            <TabsContent value="pagos">
              <PagosCliente clienteId={cliente.id} />
            </TabsContent>
            <TabsContent value="gestiones">
              <GestionesCliente clienteId={cliente.id} />
            </TabsContent>
            <TabsContent value="kyc">
              <KycYDocumentos cliente={cliente} />
            </TabsContent>
          </CardContent>
        </Card>
      </Tabs>
    </div>
  );
}

export function ClientePerfilPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useObtenerCliente(id);

  if (isPending) {
    return (
      <div className="grid gap-6" aria-busy>
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-8 w-72" />
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      </div>
    );
  }
  if (isError) {
    const missing = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <div className="grid gap-6">
        <EnlaceVolver to="/clientes">{c.back}</EnlaceVolver>
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            {missing ? (
              <EmptyState icon={<SearchX />} title={c.notFound} />
            ) : (
              <LoadError title={c.loadError} error={error} onRetry={() => void refetch()} />
            )}
          </CardContent>
        </Card>
      </div>
    );
  }
  return <Perfil cliente={data} />;
}
