import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import {
  TIPOS_REESTRUCTURACION,
  reestructurarSchema,
  type PlanReestructuracion,
  type ReestructurarEntrada,
} from '@cuota/shared/schemas/reestructuracion';
import { reestructuracionTexts } from '@cuota/shared/texts/reestructuracion';
import { Button, CampoAreaTexto, CampoSelect, CampoTexto, Opciones, toast } from '@cuota/shared/ui';
import { DialogFooter } from '@cuota/shared/ui/dialog';
import { VentanaDeDialogo } from '@cuota/shared/ui/ventana-de-dialogo';
import { avisarErrorDeFormulario, claveParaEnvio, useTieneRol } from '@cuota/shared/web';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useReestructurar, useVistaPreviaReestructuracion } from '../api/reestructuracion';

const t = reestructuracionTexts;

/** The fields typed as text (all but the checkbox). */
type CampoDeTexto = Exclude<keyof Valores, 'capitalizar_mora'>;

interface Valores {
  tipo: string;
  plazo_meses: string;
  tasa_anual: string;
  meses_prorroga: string;
  fecha_primer_vencimiento: string;
  capitalizar_mora: boolean;
  motivo: string;
}

const INICIAL: Valores = {
  tipo: 'readecuacion',
  plazo_meses: '',
  tasa_anual: '',
  meses_prorroga: '1',
  fecha_primer_vencimiento: '',
  capitalizar_mora: true,
  motivo: '',
};

/** The form's values as the request body: only the fields of the chosen type, empty ones left out. */
function cuerpoDe(v: Valores): ReestructurarEntrada {
  const numero = (s: string) => (s.trim() === '' ? undefined : Number(s));
  const texto = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const base = { tipo: v.tipo as ReestructurarEntrada['tipo'], capitalizar_mora: v.capitalizar_mora, motivo: v.motivo };
  return v.tipo === 'prorroga'
    ? { ...base, meses_prorroga: numero(v.meses_prorroga) }
    : {
        ...base,
        plazo_meses: numero(v.plazo_meses),
        tasa_anual: texto(v.tasa_anual),
        fecha_primer_vencimiento: texto(v.fecha_primer_vencimiento),
      };
}

/** 'Reestructurar' (admin confirms; analista proposes): parameters, a preview beside the current totals, then confirm. */
export function ReestructurarDialog({ creditoId }: { creditoId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <VentanaDeDialogo
      abierto={open}
      onAbiertoChange={setOpen}
      titulo={t.titulo}
      descripcion={t.descripcion}
      clase="max-h-[90dvh] overflow-y-auto sm:max-w-3xl"
      disparador={
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t.boton}
        </Button>
      }
    >
      {open ? <Formulario creditoId={creditoId} onHecho={() => setOpen(false)} /> : null}
    </VentanaDeDialogo>
  );
}

function Formulario({ creditoId, onHecho }: { creditoId: string; onHecho: () => void }) {
  const esAdmin = useTieneRol('admin');
  const [valores, setValores] = useState<Valores>(INICIAL);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [plan, setPlan] = useState<PlanReestructuracion | null>(null);
  const vista = useVistaPreviaReestructuracion(creditoId);
  const enviar = useReestructurar(creditoId);
  const claves = useMemo(() => claveParaEnvio(), []);

  const cambiar = <K extends keyof Valores>(k: K, valor: Valores[K]) => {
    setValores((v) => ({ ...v, [k]: valor }));
    setPlan(null);
  };
  const marcar = (campo: string, mensaje: string) => setErrores((e) => ({ ...e, [campo]: mensaje }));
  /** A text or select field's value, error and change, bound to its key of the form. */
  const campo = (k: CampoDeTexto) => ({
    error: errores[k],
    value: valores[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => cambiar(k, e.target.value),
  });

  function validar(): ReestructurarEntrada | null {
    const body = cuerpoDe(valores);
    const parsed = reestructurarSchema.safeParse(body);
    if (parsed.success) {
      setErrores({});
      return body;
    }
    setErrores(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'motivo'), i.message])));
    return null;
  }

  function previsualizar() {
    const body = validar();
    if (!body) return;
    vista.mutate(body, {
      onSuccess: setPlan,
      onError: (e) => avisarErrorDeFormulario(e, { campos: Object.keys(INICIAL), marcar, titulo: t.errorVistaPrevia }),
    });
  }

  function confirmar() {
    const body = validar();
    if (!body || !plan) return;
    enviar.mutate(
      { body, clave: claves.para(body) },
      {
        onSuccess: (r) => {
          claves.olvidar();
          const refinanciado = r.estado === 'confirmada' && r.credito_nuevo_numero;
          toast.success(
            refinanciado ? t.refinanciado(r.credito_nuevo_numero!) : r.estado === 'confirmada' ? t.confirmada : t.propuesta,
          );
          onHecho();
        },
        onError: (e) => avisarErrorDeFormulario(e, { campos: Object.keys(INICIAL), marcar, titulo: t.errorGuardar }),
      },
    );
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <CampoSelect label={t.tipo} {...campo('tipo')}>
          <Opciones valores={TIPOS_REESTRUCTURACION} etiquetas={t.tipos} />
        </CampoSelect>
        {valores.tipo === 'prorroga' ? (
          <CampoSelect label={t.mesesProrroga} {...campo('meses_prorroga')}>
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </CampoSelect>
        ) : (
          <>
            <CampoTexto label={t.plazoMeses} type="number" min={1} max={84} inputMode="numeric" {...campo('plazo_meses')} />
            <CampoTexto label={t.tasaAnual} inputMode="decimal" autoComplete="off" {...campo('tasa_anual')} />
            <CampoTexto label={t.fechaPrimerVencimiento} type="date" {...campo('fecha_primer_vencimiento')} />
          </>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={valores.capitalizar_mora}
          onChange={(e) => cambiar('capitalizar_mora', e.target.checked)}
        />
        {t.capitalizar}
      </label>
      <CampoAreaTexto label={t.motivo} rows={2} maxLength={500} {...campo('motivo')} />

      {plan ? <VistaPrevia plan={plan} /> : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={previsualizar} disabled={vista.isPending || enviar.isPending}>
          {vista.isPending ? t.calculando : t.vistaPrevia}
        </Button>
        <Button type="button" onClick={confirmar} disabled={!plan || enviar.isPending}>
          {enviar.isPending ? t.enviando : esAdmin ? t.confirmar : t.proponer}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** A comparison row with only a new amount (nothing before), left out when the amount is zero. */
function FilaSoloNueva({ nombre, centimos }: { nombre: string; centimos: number }) {
  if (centimos <= 0) return null;
  return (
    <tr className="border-t">
      <th scope="row" className="py-1 text-left font-normal">
        {nombre}
      </th>
      <td />
      <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">{formatCRC(centimos)}</td>
    </tr>
  );
}

/** The current totals beside the new ones, then the new schedule. */
export function VistaPrevia({ plan }: { plan: PlanReestructuracion }) {
  const filas: Array<[string, string, string]> = [
    [t.cuota, formatCRC(plan.antes.cuota_centimos), formatCRC(plan.despues.cuota_centimos)],
    [t.plazo, `${plan.antes.plazo_meses}`, `${plan.despues.plazo_meses}`],
    [t.tasa, formatPorcentaje(plan.antes.tasa_interes_anual), formatPorcentaje(plan.despues.tasa_interes_anual)],
    [t.totalIntereses, formatCRC(plan.antes.total_intereses_centimos), formatCRC(plan.despues.total_intereses_centimos)],
    [t.saldo, formatCRC(plan.antes.saldo_capital_centimos), formatCRC(plan.despues.saldo_capital_centimos)],
  ];
  const d = plan.deuda;
  return (
    <section aria-label={t.vistaPrevia} className="grid gap-3 rounded-md border p-3">
      <p className="text-xs text-muted-foreground">
        {t.deudaDelDia(
          formatCRC(d.capital_centimos),
          formatCRC(d.interes_vencido_centimos + d.mora_centimos),
          formatCRC(d.interes_corriente_centimos),
        )}
      </p>
      <div className="grid gap-3">
        <table className="w-full max-w-md text-sm" aria-label={t.comparacion}>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th className="py-1 font-medium">
                <span className="sr-only">{t.concepto}</span>
              </th>
              <th className="py-1 pl-2 text-right font-medium">{t.actual}</th>
              <th className="py-1 pl-2 text-right font-medium">{t.nuevo}</th>
            </tr>
          </thead>
          <tbody>
            {filas.map(([nombre, antes, despues]) => (
              <tr key={nombre} className="border-t">
                <th scope="row" className="py-1 text-left font-normal">
                  {nombre}
                </th>
                <td className="py-1 pl-2 text-right whitespace-nowrap tabular-nums">{antes}</td>
                <td className="py-1 pl-2 text-right font-semibold whitespace-nowrap tabular-nums">{despues}</td>
              </tr>
            ))}
            <FilaSoloNueva nombre={t.capitalizado} centimos={plan.capitalizado_centimos} />
            <FilaSoloNueva nombre={t.arrastre} centimos={plan.arrastre_centimos} />
          </tbody>
        </table>
        <TablaCalendario titulo={t.nuevoCalendario} cuotas={plan.cuotas} />
      </div>
    </section>
  );
}

/** A schedule's rows (the new one, or the one a restructuring replaced), scrolling inside a narrow screen. */
export function TablaCalendario({
  titulo,
  cuotas,
}: {
  titulo: string;
  cuotas: ReadonlyArray<{
    numero_cuota: number;
    fecha_vencimiento: string;
    monto_capital_centimos: number;
    monto_interes_centimos: number;
    monto_total_centimos: number;
    saldo_capital_despues_centimos?: number;
  }>;
}) {
  return (
    <div className="max-h-72 overflow-auto rounded-md border">
      <table className="w-full min-w-[28rem] text-sm" aria-label={titulo}>
        <thead className="sticky top-0 bg-background">
          <tr className="text-left text-xs text-muted-foreground">
            <th className="px-2 py-1 font-medium">{t.numero}</th>
            <th className="px-2 py-1 font-medium">{t.vence}</th>
            <th className="px-2 py-1 text-right font-medium">{t.capital}</th>
            <th className="px-2 py-1 text-right font-medium">{t.interes}</th>
            <th className="px-2 py-1 text-right font-medium">{t.total}</th>
          </tr>
        </thead>
        <tbody>
          {cuotas.map((c) => (
            <tr key={c.numero_cuota} className="border-t">
              <td className="px-2 py-1 tabular-nums">{c.numero_cuota}</td>
              <td className="px-2 py-1 whitespace-nowrap">{formatDate(c.fecha_vencimiento)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCRC(c.monto_capital_centimos)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCRC(c.monto_interes_centimos)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCRC(c.monto_total_centimos)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
