import type { Configuracion } from '@cuota/shared/schemas/configuracion';
import { configuracionTexts } from '@cuota/shared/texts/configuracion';
import { configuracionPageTexts } from '@cuota/shared/texts/configuracionPage';
import {
  Badge,
  CampoTexto,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  cn,
  Skeleton,
  TarjetaConTitulo,
  toast,
} from '@cuota/shared/ui';
import { errorMessage, isApiError, LoadError } from '@cuota/shared/web';
import { useEffect, useState } from 'react';
import { useActualizarConfiguracion, useListarConfiguracion } from '../api/configuracion';
import { useCambiarEstadoMetodoPago, useListarMetodosPago } from '../api/metodos-pago';

const t = configuracionPageTexts;
const descripciones: Record<string, string> = configuracionTexts.descripciones;

/** An accessible on/off switch (role="switch"). */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-muted-foreground/40',
      )}
    >
      <span
        className={cn(
          'block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}

function HoraEnZona({ zona }: { zona: string }) {
  const [ahora, setAhora] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setAhora(new Date()), 30_000);
    return () => clearInterval(id);
  }, []);
  let hora: string;
  try {
    hora = new Intl.DateTimeFormat('es-CR', { timeZone: zona, dateStyle: 'medium', timeStyle: 'short' }).format(ahora);
  } catch {
    return null;
  }
  return <>{t.horaActual(hora)}</>;
}

/** A text/password setting saved on blur, only when the value changed. */
function CampoConfiguracion({ item }: { item: Configuracion }) {
  const actualizar = useActualizarConfiguracion();
  const [valor, setValor] = useState(item.valor);
  const [error, setError] = useState<string | undefined>();
  const label = descripciones[item.clave] ?? item.descripcion ?? item.clave;

  function guardar() {
    // Back to the saved value: nothing to save, and the last attempt's error no longer applies.
    if (valor === item.valor) {
      setError(undefined);
      return;
    }
    setError(undefined);
    actualizar.mutate(
      { clave: item.clave, valor },
      {
        onSuccess: (saved) => {
          setValor(saved.valor);
          toast.success(t.actualizado, item.clave);
        },
        onError: (e) => {
          // Keeps what the user typed; the server's message shows at the field.
          setError(isApiError(e) ? (e.details.valor ?? e.message) : errorMessage(e, t.errorGuardar));
          toast.error(t.errorGuardar, errorMessage(e, t.errorGuardar));
        },
      },
    );
  }

  return (
    <CampoTexto
      label={label}
      error={error}
      hint={
        item.clave === 'timezone' ? <HoraEnZona zona={item.valor} /> : <span className="font-mono text-xs">{item.clave}</span>
      }
      name={item.clave}
      type={item.tipo_dato === 'password' ? 'password' : 'text'}
      autoComplete="off"
      value={valor}
      disabled={actualizar.isPending}
      onChange={(e) => {
        setValor(e.target.value);
        if (e.target.value === item.valor) setError(undefined);
      }}
      onBlur={guardar}
    />
  );
}

function SwitchConfiguracion({ item }: { item: Configuracion }) {
  const actualizar = useActualizarConfiguracion();
  const label = descripciones[item.clave] ?? item.descripcion ?? item.clave;
  const checked = (actualizar.isPending ? actualizar.variables.valor : item.valor) === 'true';
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p className="text-sm font-medium">{label}</p>
        <p className="font-mono text-xs text-muted-foreground">{item.clave}</p>
      </div>
      <Switch
        label={label}
        checked={checked}
        disabled={actualizar.isPending}
        onChange={(next) =>
          actualizar.mutate(
            { clave: item.clave, valor: String(next) },
            {
              onSuccess: () => toast.success(t.actualizado, item.clave),
              onError: (e) => toast.error(t.errorGuardar, errorMessage(e, t.errorGuardar)),
            },
          )
        }
      />
    </div>
  );
}

function Cargando() {
  return (
    <div className="grid gap-4" aria-busy>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** Sistema tab of /configuracion (admins; the shell composes the page): the 'general' settings. */
export function SistemaTab() {
  const { data, isPending, isError, error, refetch } = useListarConfiguracion(true);
  return (
    <TarjetaConTitulo titulo={t.sistemaTitulo} descripcion={t.sistemaDescripcion} claseContenido="grid gap-4">
      {isError ? (
        <LoadError title={t.loadError} error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <Cargando />
      ) : (
        data.items
          .filter((i) => i.categoria === 'general')
          .map((item) =>
            item.tipo_dato === 'boolean' ? (
              <SwitchConfiguracion key={item.clave} item={item} />
            ) : (
              <CampoConfiguracion key={`${item.clave}:${item.valor}`} item={item} />
            ),
          )
      )}
    </TarjetaConTitulo>
  );
}

/** Pagos tab of /configuracion (admins): the 'pagos' settings and the reportable payment methods. */
export function PagosTab() {
  const config = useListarConfiguracion(true);
  const metodos = useListarMetodosPago(true);
  const cambiar = useCambiarEstadoMetodoPago();
  const pagos = config.data?.items.filter((i) => i.categoria === 'pagos') ?? [];
  const horas = config.data?.items.find((i) => i.clave === 'payment_reflection_hours')?.valor ?? '—';
  return (
    <div className="grid gap-6">
      <TarjetaConTitulo titulo={t.stripeTitulo} descripcion={t.stripeNota(horas)} claseContenido="grid gap-4">
        {config.isError ? (
          <LoadError title={t.loadError} error={config.error} onRetry={() => void config.refetch()} />
        ) : config.isPending ? (
          <Cargando />
        ) : (
          pagos.map((item) =>
            item.tipo_dato === 'boolean' ? (
              <SwitchConfiguracion key={item.clave} item={item} />
            ) : (
              <CampoConfiguracion key={`${item.clave}:${item.valor}`} item={item} />
            ),
          )
        )}
      </TarjetaConTitulo>
      <Card>
        <CardHeader>
          <CardTitle>{t.metodosTitulo}</CardTitle>
        </CardHeader>
        <CardContent>
          {metodos.isError ? (
            <LoadError title={t.loadError} error={metodos.error} onRetry={() => void metodos.refetch()} />
          ) : metodos.isPending ? (
            <Cargando />
          ) : (
            <ul className="divide-y">
              {metodos.data.items.map((m) => {
                const pendiente = cambiar.isPending && cambiar.variables.id === m.id;
                const activo = pendiente ? cambiar.variables.activo : m.activo;
                return (
                  <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="grid gap-1">
                      <span className="font-medium">{m.nombre}</span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <span className="font-mono">{m.codigo}</span>
                        {m.requiere_referencia ? <Badge variant="info">{t.requiereReferencia}</Badge> : null}
                      </span>
                    </div>
                    <Switch
                      label={`${t.activo}: ${m.nombre}`}
                      checked={activo}
                      disabled={pendiente}
                      onChange={(next) =>
                        cambiar.mutate(
                          { id: m.id, activo: next },
                          {
                            onSuccess: () => toast.success(t.metodoActualizado, m.nombre),
                            onError: (e) => toast.error(t.metodoError, errorMessage(e, t.metodoError)),
                          },
                        )
                      }
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
