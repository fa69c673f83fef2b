import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { comunicacionPageTexts } from '@cuota/shared/texts/comunicacionPage';
import {
  Bell,
  Card,
  CardContent,
  EmptyState,
  EncabezadoDePagina,
  Landmark,
  type LucideIcon,
  Mail,
  ShieldAlert,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TriangleAlert,
  Users,
} from '@cuota/shared/ui';
import { useEsAdmin } from '@cuota/shared/web';
import { SeccionDeCifras } from '../../../shared-admin/seccion-de-cifras';
import { useObtenerResumenComunicacion } from '../api/obtener-resumen';
import { CampanaForm } from './campana-form';
import { CampanasRecientes } from './campanas-recientes';
import { PushForm } from './push-form';

const c = comunicacionTexts;
const cp = comunicacionPageTexts;

function StatCard({ label, value, icon: Icon, tone }: { label: string; value: number; icon: LucideIcon; tone: string }) {
  return (
    <Card className="h-full">
      <CardContent className="flex items-center justify-between gap-3 px-3 pt-4 pb-4 sm:px-6 sm:pt-6 sm:pb-6">
        <div className="grid min-w-0 gap-1">
          <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
          <p className="text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
        </div>
        <span className={`hidden rounded-lg p-2 sm:inline-flex ${tone}`} aria-hidden>
          <Icon className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

/** Total clients, with active loans, with arrears (spec §2): the sizes of the three segments. */
function Resumen() {
  const consulta = useObtenerResumenComunicacion();
  return (
    <SeccionDeCifras
      titulo={cp.estadisticas}
      consulta={consulta}
      cifras={(data) => [
        { label: c.stats.totalClientes, value: data.total_clientes, icon: Users, tone: 'bg-info/10 text-info' },
        { label: c.stats.clientesActivos, value: data.clientes_activos, icon: Landmark, tone: 'bg-primary/10 text-primary' },
        {
          label: c.stats.clientesMorosos,
          value: data.clientes_morosos,
          icon: TriangleAlert,
          tone: 'bg-destructive/10 text-destructive',
        },
      ]}
      tarjeta={(cifra) => <StatCard {...cifra} />}
      rejilla="grid grid-cols-3 gap-3 sm:gap-4"
      cargando={{ cantidad: 3, alto: 'h-[76px] sm:h-[92px]' }}
      errorTitulo={c.loadError}
    />
  );
}

export function ComunicacionPage() {
  const esAdmin = useEsAdmin();
  return (
    <div className="grid gap-6">
      <EncabezadoDePagina titulo={c.title} subtitulo={c.subtitle} />
      <Resumen />
      <Tabs defaultValue="push" className="min-w-0">
        <TabsList>
          <TabsTrigger value="push">
            <Bell aria-hidden className="hidden size-4 sm:block" />
            {c.tabs.push}
          </TabsTrigger>
          <TabsTrigger value="email">
            <Mail aria-hidden className="hidden size-4 sm:block" />
            {c.tabs.email}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="push">
          <PushForm esAdmin={esAdmin} />
        </TabsContent>
        <TabsContent value="email">
          {esAdmin === undefined ? (
            <Skeleton className="h-96" />
          ) : esAdmin ? (
            <div className="grid items-start gap-4 lg:grid-cols-2">
              <CampanaForm />
              <CampanasRecientes />
            </div>
          ) : (
            // GET /api/campanas answers 403 to analistas and cobradores: tell them, do not ask.
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                <EmptyState icon={<ShieldAlert />} title={c.tabs.email} description={cp.soloAdminCampanas} />
              </CardContent>
            </Card>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
