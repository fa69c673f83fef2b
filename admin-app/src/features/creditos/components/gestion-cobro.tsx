import { zodResolver } from '@hookform/resolvers/zod';
import { sumarDias } from '@cuota/shared/domain/amortizacion';
import { formatDate, formatFechaHora } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { montoTextoSchema } from '@cuota/shared/schemas/common';
import type { CreditoDetalle } from '@cuota/shared/schemas/creditos';
import {
  PROMESA_DIAS_MAXIMOS,
  RESULTADOS_GESTION,
  TIPOS_GESTION,
  gestionNuevaSchema,
  promesaNuevaSchema,
  type GestionNueva,
  type Promesa,
  type PromesaNueva,
} from '@cuota/shared/schemas/gestiones';
import { gestionesTexts } from '@cuota/shared/texts/gestiones';
import { hoyCR } from '@cuota/shared/documents/cuota-estado';
import {
  Badge,
  Button,
  CampoAreaTexto,
  CampoSelect,
  CampoTexto,
  MontoField,
  Opciones,
  Phone,
  Send,
  Skeleton,
  TarjetaConTitulo,
  toast,
  type BadgeVariant,
} from '@cuota/shared/ui';
import { avisarErrorDeFormulario, camposDe, enlacesDeContacto, marcarEnFormulario } from '@cuota/shared/web';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { useListarGestiones, useListarPromesas, useRegistrarGestion, useRegistrarPromesa } from '../api/gestiones';
import { useFormularioDeEsquema } from '../../../shared-admin/use-formulario-de-esquema';

const t = gestionesTexts;

const VARIANTE_PROMESA: Record<Promesa['estado'], BadgeVariant> = {
  pendiente: 'warning',
  cumplida: 'success',
  incumplida: 'destructive',
  reemplazada: 'secondary',
  anulada: 'secondary',
};

/** The collector's card on the credit detail: contact links, the current promise, both forms and the contact log. */
export function GestionCobro({ credito }: { credito: CreditoDetalle }) {
  const tituloId = useId();
  return (
    <section aria-labelledby={tituloId} data-testid="gestion-cobro">
      <TarjetaConTitulo titulo={t.titulo} tituloId={tituloId} claseTitulo="text-base" claseContenido="grid gap-6">
        <Contacto credito={credito} />
        <PromesaActual creditoId={credito.id} />
        <div className="grid gap-6 lg:grid-cols-2">
          <FormularioGestion creditoId={credito.id} />
          <FormularioPromesa creditoId={credito.id} />
        </div>
        <Historial creditoId={credito.id} />
      </TarjetaConTitulo>
    </section>
  );
}

function Contacto({ credito }: { credito: CreditoDetalle }) {
  const monto = credito.deuda.monto_al_dia_centimos;
  const enlaces = enlacesDeContacto({
    telefono: credito.cliente?.telefono,
    nombre: credito.cliente?.nombre ?? credito.cliente_nombre,
    numeroCredito: credito.numero_credito,
    montoAlDiaCentimos: monto,
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">{t.montoAlDia}</span>
        <span className="text-lg font-semibold tabular-nums">{formatCRC(monto)}</span>
      </div>
      {enlaces ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={enlaces.tel}>
              <Phone aria-hidden />
              {t.llamar}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={enlaces.whatsapp} target="_blank" rel="noopener noreferrer">
              <Send aria-hidden />
              {t.whatsapp}
            </a>
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t.sinTelefono}</p>
      )}
    </div>
  );
}

function PromesaActual({ creditoId }: { creditoId: string }) {
  const { data, isPending } = useListarPromesas(creditoId);
  if (isPending) return <Skeleton className="h-12 w-full" />;
  const actual = data?.items[0];
  return (
    <div className="grid gap-1 rounded-md border p-3" data-testid="promesa-actual">
      <span className="text-xs text-muted-foreground">{t.promesaActual}</span>
      {actual ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium tabular-nums">
            {t.promesaResumen(formatCRC(actual.monto_centimos), formatDate(actual.fecha))}
          </span>
          <Badge variant={VARIANTE_PROMESA[actual.estado]}>{t.estadosPromesa[actual.estado]}</Badge>
          {actual.pagado_centimos !== null ? (
            <span className="text-muted-foreground">{t.pagadoEnPromesa(formatCRC(actual.pagado_centimos))}</span>
          ) : null}
        </div>
      ) : (
        <span className="text-sm">{t.sinPromesa}</span>
      )}
    </div>
  );
}

function FormularioGestion({ creditoId }: { creditoId: string }) {
  const registrar = useRegistrarGestion(creditoId);
  const [clave, setClave] = useState(() => crypto.randomUUID());
  const { form, campo } = useFormularioDeEsquema(gestionNuevaSchema, { tipo: 'llamada', resultado: 'contactado', nota: '' });

  function onValid(body: GestionNueva) {
    registrar.mutate(
      { body, clave },
      {
        onSuccess: () => {
          // the next contact is a new submission
          setClave(crypto.randomUUID());
          toast.success(t.gestionGuardada);
          form.reset({ tipo: body.tipo, resultado: body.resultado, nota: '' });
        },
        onError: (error) =>
          avisarErrorDeFormulario(error, { campos: ['tipo', 'resultado', 'nota'], marcar: marcarEnFormulario(form) }),
      },
    );
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label={t.registrarGestion} className="grid content-start gap-3">
      <h3 className="text-sm font-semibold">{t.registrarGestion}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <CampoSelect label={t.tipo} {...campo('tipo')}>
          <Opciones valores={TIPOS_GESTION} etiquetas={t.tipos} />
        </CampoSelect>
        <CampoSelect label={t.resultado} {...campo('resultado')}>
          <Opciones valores={RESULTADOS_GESTION} etiquetas={t.resultados} />
        </CampoSelect>
      </div>
      <CampoAreaTexto label={t.nota} rows={2} maxLength={1000} {...campo('nota')} />
      <Button type="submit" className="w-full sm:w-fit" disabled={registrar.isPending}>
        {t.guardarGestion}
      </Button>
    </form>
  );
}

interface PromesaForm {
  fecha: string;
  monto: string;
}

/** The amount as typed ('50.000') to céntimos, then the server's own body schema, within the date range. */
function promesaSchemaDe(hoy: string) {
  const hasta = sumarDias(hoy, PROMESA_DIAS_MAXIMOS);
  const campos = z.object({
    fecha: z.string(),
    monto: montoTextoSchema({ requerido: t.montoRequerido, invalido: t.montoInvalido }),
  });
  const cuerpo = z.transform((f: z.output<typeof campos>) => ({ fecha: f.fecha, monto_centimos: f.monto }));
  return z.pipe(z.pipe(campos, cuerpo), promesaNuevaSchema).check(
    z.superRefine((b, ctx) => {
      if (b.fecha < hoy || b.fecha > hasta) {
        ctx.addIssue({ code: 'custom', path: ['fecha'], message: t.fechaFueraDeRango(formatDate(hoy), formatDate(hasta)) });
      }
    }),
  );
}

/** Issues of the body schema point at the body's names: the amount's moved to the form's. */
function resolverPromesa(hoy: string) {
  const base = zodResolver(promesaSchemaDe(hoy));
  return (async (...args: Parameters<typeof base>) => {
    const r = await base(...args);
    const errores = r.errors as Record<string, unknown>;
    if (errores.monto_centimos) {
      errores.monto = errores.monto_centimos;
      delete errores.monto_centimos;
    }
    return r;
  }) as typeof base;
}

const CAMPOS_PROMESA = { fecha: 'fecha', monto_centimos: 'monto' } as const;

function FormularioPromesa({ creditoId }: { creditoId: string }) {
  const hoy = hoyCR();
  const registrar = useRegistrarPromesa(creditoId);
  const form = useForm<PromesaForm, unknown, PromesaNueva>({
    resolver: resolverPromesa(hoy),
    defaultValues: { fecha: sumarDias(hoy, 7), monto: '' },
  });
  const campo = camposDe(form);
  const monto = useWatch({ control: form.control, name: 'monto' });

  function onValid(body: PromesaNueva) {
    registrar.mutate(body, {
      onSuccess: () => {
        toast.success(t.promesaGuardada);
        form.reset({ fecha: body.fecha, monto: '' });
      },
      onError: (error) => avisarErrorDeFormulario(error, { campos: CAMPOS_PROMESA, marcar: marcarEnFormulario(form) }),
    });
  }

  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate aria-label={t.registrarPromesa} className="grid content-start gap-3">
      <h3 className="text-sm font-semibold">{t.promesa}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <CampoTexto label={t.fecha} type="date" min={hoy} max={sumarDias(hoy, PROMESA_DIAS_MAXIMOS)} {...campo('fecha')} />
        <MontoField label={t.monto} valor={monto} {...campo('monto')} />
      </div>
      <p className="text-xs text-muted-foreground">{t.promesaReemplaza}</p>
      <Button type="submit" className="w-full sm:w-fit" disabled={registrar.isPending}>
        {t.registrarPromesa}
      </Button>
    </form>
  );
}

function Historial({ creditoId }: { creditoId: string }) {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useListarGestiones(creditoId);
  const gestiones = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{t.historial}</h3>
      {isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : gestiones.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.sinGestiones}</p>
      ) : (
        <ul aria-label={t.historial} className="grid gap-2">
          {gestiones.map((g) => (
            <li key={g.id} className="grid gap-1 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{t.tipos[g.tipo]}</Badge>
                <span className="font-medium">{t.resultados[g.resultado]}</span>
              </div>
              {g.nota ? <p className="break-words whitespace-pre-line">{g.nota}</p> : null}
              <span className="text-xs text-muted-foreground">
                {t.registradaPor(g.registrado_por_nombre ?? g.registrado_por, formatFechaHora(g.created_at))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {hasNextPage ? (
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {t.cargarMas}
        </Button>
      ) : null}
    </div>
  );
}
