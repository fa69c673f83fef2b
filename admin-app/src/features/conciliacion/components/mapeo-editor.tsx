import {
  FORMATOS_FECHA,
  mapeoExtractoSchema,
  type Banco,
  type MapeoExtracto,
  type MapeoGuardado,
} from '@cuota/shared/schemas/extractos';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { extractosTexts } from '@cuota/shared/texts/extractos';
import { Button, CampoSelect, CampoTexto, toast } from '@cuota/shared/ui';
import { errorMessage } from '@cuota/shared/web';
import { useState } from 'react';
import { useGuardarMapeo, useMapeo } from '../api/extractos';

const t = extractosTexts;
const COLUMNAS = ['fecha', 'descripcion', 'referencia', 'credito', 'debito', 'saldo'] as const;
const OPCIONALES = new Set(['referencia', 'debito', 'saldo']);

/** The bank's CSV layout (admin): which column holds what, separators, date format, header rows; saved per bank. */
export function MapeoEditor({ banco }: { banco: Banco }) {
  const [abierto, setAbierto] = useState(false);
  const { data } = useMapeo(banco, abierto);
  return (
    <details className="mt-4 rounded-md border p-3" onToggle={(e) => setAbierto((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer text-sm font-medium">
        {t.mapeoTitulo}: {t.bancos[banco]}
      </summary>
      <p className="mt-2 text-sm text-muted-foreground">{t.mapeoTexto}</p>
      {data ? <FormularioMapeo key={banco} banco={banco} inicial={data} /> : null}
    </details>
  );
}

function FormularioMapeo({ banco, inicial }: { banco: Banco; inicial: MapeoGuardado }) {
  const guardar = useGuardarMapeo(banco);
  const [m, setM] = useState<MapeoExtracto>(() => {
    const { banco: _b, predeterminado: _p, ...mapeo } = inicial;
    return mapeo;
  });
  const [error, setError] = useState<string | undefined>();

  function enviar() {
    const r = mapeoExtractoSchema.safeParse(m);
    if (!r.success) return setError(r.error.issues[0]?.message);
    setError(undefined);
    guardar.mutate(r.data, {
      onSuccess: () => toast.success(t.mapeoGuardado, t.bancos[banco]),
      onError: (e) => toast.error(t.errorMapeo, errorMessage(e, errorsTexts.internal)),
    });
  }

  const columna = (k: (typeof COLUMNAS)[number]) => (
    <CampoTexto
      key={k}
      label={t.columna[k]}
      hint={OPCIONALES.has(k) ? t.opcional : undefined}
      type="number"
      min={1}
      max={50}
      value={m.columnas[k] ?? ''}
      onChange={(e) =>
        setM((x) => ({ ...x, columnas: { ...x.columnas, [k]: e.target.value === '' ? null : Number(e.target.value) } }))
      }
    />
  );

  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-3">
      <CampoSelect
        label={t.separador}
        value={m.separador}
        onChange={(e) => setM({ ...m, separador: e.target.value as MapeoExtracto['separador'] })}
      >
        <option value=";">;</option>
        <option value=",">,</option>
        <option value={'\t'}>Tab</option>
      </CampoSelect>
      <CampoSelect
        label={t.decimal}
        value={m.decimal}
        onChange={(e) => setM({ ...m, decimal: e.target.value as MapeoExtracto['decimal'] })}
      >
        <option value=",">{t.decimalComa}</option>
        <option value=".">{t.decimalPunto}</option>
      </CampoSelect>
      <CampoSelect
        label={t.formatoFecha}
        value={m.formato_fecha}
        onChange={(e) => setM({ ...m, formato_fecha: e.target.value as MapeoExtracto['formato_fecha'] })}
      >
        {FORMATOS_FECHA.map((f) => (
          <option key={f} value={f}>
            {f.replace('yyyy', 'aaaa')}
          </option>
        ))}
      </CampoSelect>
      <CampoTexto
        label={t.filasEncabezado}
        type="number"
        min={0}
        max={20}
        value={m.filas_encabezado}
        onChange={(e) => setM({ ...m, filas_encabezado: Number(e.target.value) })}
      />
      {COLUMNAS.map(columna)}
      <div className="grid gap-1 sm:col-span-3">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <Button className="w-fit" onClick={enviar} disabled={guardar.isPending}>
          {t.guardarMapeo}
        </Button>
      </div>
    </div>
  );
}
