import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { BANCOS, type Banco, type ExtractoDetalle, type LineaExtracto } from '@cuota/shared/schemas/extractos';
import type { PagosResumen } from '@cuota/shared/schemas/pagos';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { extractosTexts } from '@cuota/shared/texts/extractos';
import {
  Badge,
  Button,
  CampoSelect,
  EmptyState,
  Field,
  Opciones,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  TarjetaConTitulo,
  toast,
} from '@cuota/shared/ui';
import { Progress } from '@cuota/shared/ui/progress';
import { errorMessage, isApiError, useTieneRol } from '@cuota/shared/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  aplicarLinea,
  confirmarLineas,
  extractosQueryKey,
  textoDeArchivo,
  useListarExtractos,
  useObtenerExtracto,
  useSubirExtracto,
} from '../api/extractos';
import { pagosQueryKey } from '../api/listar-pagos';
import { useSeguirResumen, type Cambio } from '../api/obtener-resumen-pagos';
import { AplicarLineaDialogo } from './aplicar-linea-dialogo';
import { MapeoEditor } from './mapeo-editor';

const t = extractosTexts;

/** Staff refresh after confirming or applying: the statement, the payment lists, and the summary until it moves. */
function useRefrescar() {
  const queryClient = useQueryClient();
  const resumen = useSeguirResumen();
  return {
    antes: resumen.antes,
    despues: async (antes: PagosResumen | undefined, cambio: Cambio) => {
      await queryClient.invalidateQueries({ queryKey: extractosQueryKey });
      await queryClient.invalidateQueries({ queryKey: [...pagosQueryKey, 'list'] });
      await resumen.seguir(antes, cambio);
    },
  };
}

function SubirExtracto({ onSubido }: { onSubido: (e: ExtractoDetalle) => void }) {
  const [banco, setBanco] = useState<Banco>('bn');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [leyendo, setLeyendo] = useState(false);
  const [errores, setErrores] = useState<string[]>([]);
  const subir = useSubirExtracto();
  const esAdmin = useTieneRol('admin');
  const ocupado = leyendo || subir.isPending;

  async function enviar() {
    setErrores([]);
    if (!archivo) return setErrores([t.seleccioneArchivo]);
    setLeyendo(true);
    let contenido: string;
    try {
      contenido = await textoDeArchivo(archivo);
    } catch {
      setLeyendo(false);
      return setErrores([t.archivoNoLegible]);
    }
    setLeyendo(false);
    subir.mutate(
      { banco, nombre_archivo: archivo.name, contenido },
      {
        onSuccess: (e) => {
          toast.success(t.subido, t.resumenExtracto(e.creditos, e.coincidencias, e.sin_coincidencia, e.ya_procesadas));
          onSubido(e);
        },
        onError: (error) => {
          toast.error(t.errorSubir, errorMessage(error, errorsTexts.internal));
          setErrores(
            isApiError(error) ? [error.message, ...Object.values(error.details)] : [errorMessage(error, errorsTexts.internal)],
          );
        },
      },
    );
  }

  return (
    <TarjetaConTitulo titulo={t.subirTitulo} descripcion={t.subirTexto}>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
        <CampoSelect label={t.banco} value={banco} disabled={ocupado} onChange={(e) => setBanco(e.target.value as Banco)}>
          <Opciones valores={BANCOS} etiquetas={t.bancos} />
        </CampoSelect>
        <Field label={t.archivo}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv,text/plain"
              disabled={ocupado}
              className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
              onChange={(e) => setArchivo(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <Button onClick={() => void enviar()} disabled={ocupado}>
          {ocupado ? t.subiendo : t.subir}
        </Button>
      </div>
      {ocupado ? (
        <div className="mt-4 grid gap-1" role="status">
          <Progress value={leyendo ? 25 : 70} aria-label={leyendo ? t.leyendo : t.subiendo} />
          <p className="text-sm text-muted-foreground">{leyendo ? t.leyendo : t.subiendo}</p>
        </div>
      ) : null}
      {errores.length ? (
        <div role="alert" className="mt-4">
          <ul className="grid max-h-64 gap-1 overflow-auto text-sm break-words text-destructive">
            {errores.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {esAdmin ? <MapeoEditor banco={banco} /> : null}
    </TarjetaConTitulo>
  );
}

const confirmable = (l: LineaExtracto) =>
  l.estado === 'coincidencia' && !!l.candidato && l.candidato.confianza !== 'baja' && l.candidato.motivos.includes('monto');
const aplicable = (l: LineaExtracto) => l.estado === 'sin_coincidencia' || (l.estado === 'coincidencia' && !confirmable(l));

const VARIANTE_ESTADO = {
  coincidencia: 'info',
  sin_coincidencia: 'warning',
  ya_procesada: 'secondary',
  conciliada: 'success',
  aplicada: 'success',
  debito: 'outline',
} as const;
const VARIANTE_CONFIANZA = { alta: 'success', media: 'info', baja: 'warning' } as const;

function Candidato({ linea }: { linea: LineaExtracto }) {
  const c = linea.candidato;
  if (linea.original) return <span className="text-xs text-muted-foreground">{t.yaEn(linea.original.nombre_archivo)}</span>;
  if (!c) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="grid gap-0.5 text-sm">
      {/* each link a 24 px target (WCAG 2.5.8), as they sit one above the other */}
      <Link
        to={`/clientes/${c.cliente_id}`}
        className="flex min-h-6 w-fit items-center font-medium text-primary underline-offset-4 hover:underline"
      >
        {c.cliente_nombre}
      </Link>
      <Link
        to={`/creditos/${c.credito_id}`}
        className="flex min-h-6 w-fit items-center font-mono text-xs text-primary underline-offset-4 hover:underline"
      >
        {c.numero_credito}
      </Link>
      <span className="font-mono text-xs break-all">{c.referencia_externa ?? c.referencia_pago}</span>
      <span className="text-xs text-muted-foreground">
        {formatCRC(c.monto_centimos)} · {formatDate(c.fecha_pago)}
      </span>
    </div>
  );
}

function EstadoDeLinea({ linea: l, onAplicar }: { linea: LineaExtracto; onAplicar: () => void }) {
  return (
    <div>
      <div className="flex flex-wrap gap-1">
        <Badge variant={VARIANTE_ESTADO[l.estado]}>{t.estados[l.estado]}</Badge>
        {l.estado === 'coincidencia' && l.candidato ? (
          <Badge variant={VARIANTE_CONFIANZA[l.candidato.confianza]}>
            {t.confianza[l.candidato.confianza]} · {t.puntaje(l.candidato.puntaje)}
          </Badge>
        ) : null}
      </div>
      {l.posible_duplicado ? (
        <p role="alert" className="mt-2 grid max-w-xs gap-1 text-xs break-words">
          <Badge variant="warning">{t.posibleDuplicadoTitulo}</Badge>
          {t.duplicadoDeLinea(
            l.posible_duplicado.referencia_externa ?? l.posible_duplicado.referencia_pago,
            l.posible_duplicado.cliente_nombre,
            formatCRC(l.posible_duplicado.monto_centimos),
          )}
        </p>
      ) : null}
      {aplicable(l) ? (
        <Button size="sm" variant="outline" className="mt-2" onClick={onAplicar}>
          {t.aplicarComoPago}
          <span className="sr-only"> {l.n}</span>
        </Button>
      ) : null}
    </div>
  );
}

function LineasExtracto({ id }: { id: string }) {
  const { data, isPending } = useObtenerExtracto(id);
  const [seleccion, setSeleccion] = useState<Set<number>>(new Set());
  const [confirmando, setConfirmando] = useState(false);
  const [aplicar, setAplicar] = useState<LineaExtracto | null>(null);
  const refrescar = useRefrescar();

  if (isPending || !data) return <Progress value={50} aria-label={t.subiendo} />;
  const confirmables = data.lineas.filter(confirmable).map((l) => l.n);
  const marcar = (n: number, si: boolean) =>
    setSeleccion((s) => {
      const x = new Set(s);
      if (si) x.add(n);
      else x.delete(n);
      return x;
    });

  async function confirmar() {
    const antes = refrescar.antes();
    setConfirmando(true);
    try {
      const r = await confirmarLineas(id, [...seleccion]);
      const fallidas = r.resultados.filter((x) => !x.ok);
      toast[fallidas.length ? 'error' : 'success'](
        t.confirmadas(r.resultados.length - fallidas.length, fallidas.length),
        fallidas.map((f) => t.estados.coincidencia + ` ${f.n}: ${f.message}`).join('\n') || undefined,
      );
      setSeleccion(new Set());
      // lines already conciliada before this call answer ok too: they move nothing now
      const nuevas = r.resultados.filter(
        (x) => x.ok && !data!.lineas.some((l) => l.n === x.n && l.estado === 'conciliada'),
      ).length;
      await refrescar.despues(antes, { pendientes: nuevas });
    } catch (error) {
      toast.error(t.confirmadas(0, seleccion.size), errorMessage(error, errorsTexts.internal));
    } finally {
      setConfirmando(false);
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {t.resumenExtracto(data.creditos, data.coincidencias, data.sin_coincidencia, data.ya_procesadas)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={confirmables.length > 0 && confirmables.every((n) => seleccion.has(n))}
            disabled={confirmables.length === 0 || confirmando}
            onChange={(e) => setSeleccion(new Set(e.target.checked ? confirmables : []))}
          />
          {t.seleccionarTodas}
        </label>
        <Button onClick={() => void confirmar()} disabled={seleccion.size === 0 || confirmando}>
          {confirmando ? t.confirmando : t.confirmarSeleccionadas(seleccion.size)}
        </Button>
      </div>
      <TablaConEncabezado
        aria-busy={confirmando}
        encabezado={
          <>
            <TableHead className="w-8">
              <span className="sr-only">{t.columnas.acciones}</span>
            </TableHead>
            <TableHead>{t.columnas.descripcion}</TableHead>
            <TableHead className="hidden text-right sm:table-cell">{t.columnas.monto}</TableHead>
            <TableHead className="hidden sm:table-cell">{t.columnas.estado}</TableHead>
            <TableHead className="hidden md:table-cell">{t.columnas.candidato}</TableHead>
          </>
        }
      >
        {data.lineas.map((l) => (
          <TableRow key={l.n}>
            <TableCell className="align-top">
              {confirmable(l) ? (
                <input
                  type="checkbox"
                  aria-label={t.seleccionar(l.n)}
                  checked={seleccion.has(l.n)}
                  disabled={confirmando}
                  onChange={(e) => marcar(l.n, e.target.checked)}
                />
              ) : null}
            </TableCell>
            <TableCell className="align-top sm:max-w-64">
              <span className="block text-xs text-muted-foreground">
                {t.columnas.linea} {l.n} · {formatDate(l.fecha)}
              </span>
              <span className="block text-sm break-words">{l.descripcion}</span>
              {l.referencia ? <span className="block font-mono text-xs break-all">{l.referencia}</span> : null}
              {/* On phones the amount, state and action columns are hidden: they are here. */}
              <div className="mt-1 grid gap-1 sm:hidden">
                <span className="font-medium tabular-nums">{formatCRC(l.credito_centimos)}</span>
                <EstadoDeLinea linea={l} onAplicar={() => setAplicar(l)} />
              </div>
              <div className="mt-1 md:hidden">
                <Candidato linea={l} />
              </div>
            </TableCell>
            <TableCell className="hidden text-right whitespace-nowrap tabular-nums align-top sm:table-cell">
              {formatCRC(l.credito_centimos)}
            </TableCell>
            <TableCell className="hidden align-top sm:table-cell">
              <EstadoDeLinea linea={l} onAplicar={() => setAplicar(l)} />
            </TableCell>
            <TableCell className="hidden max-w-56 align-top md:table-cell">
              <Candidato linea={l} />
            </TableCell>
          </TableRow>
        ))}
      </TablaConEncabezado>
      <AplicarLineaDialogo
        linea={aplicar}
        onCerrar={() => setAplicar(null)}
        aplicar={async (datos) => {
          const antes = refrescar.antes();
          await aplicarLinea(id, aplicar!.n, datos);
          toast.success(t.aplicada, `${t.columnas.linea} ${aplicar!.n} · ${formatCRC(aplicar!.credito_centimos)}`);
          setAplicar(null);
          await refrescar.despues(antes, { conciliados: 1 });
        }}
      />
    </div>
  );
}

export function ExtractosPanel() {
  const [elegido, setElegido] = useState<string | null>(null);
  const lista = useListarExtractos();
  return (
    <div className="grid gap-4">
      <SubirExtracto onSubido={(e) => setElegido(e.id)} />
      {elegido ? (
        <TarjetaConTitulo titulo={t.lineasTitulo(lista.data?.items.find((e) => e.id === elegido)?.nombre_archivo ?? '')}>
          <LineasExtracto id={elegido} />
        </TarjetaConTitulo>
      ) : null}
      <TarjetaConTitulo titulo={t.historial}>
        {lista.data && lista.data.items.length === 0 ? (
          <EmptyState title={t.sinExtractos} />
        ) : (
          <ul className="grid gap-2">
            {lista.data?.items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-medium break-all">{e.nombre_archivo}</span> · {t.bancos[e.banco]} ·{' '}
                  {formatDate(e.created_at)}
                  <span className="block text-xs text-muted-foreground">
                    {t.resumenExtracto(e.creditos, e.coincidencias, e.sin_coincidencia, e.ya_procesadas)}
                  </span>
                </span>
                <Button size="sm" variant="outline" onClick={() => setElegido(e.id)} aria-label={`${t.ver}: ${e.nombre_archivo}`}>
                  {t.ver}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </TarjetaConTitulo>
    </div>
  );
}
