import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { castigarCreditoSchema, type CastigoVista } from '@cuota/shared/schemas/riesgo';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { riesgoTexts } from '@cuota/shared/texts/riesgo';
import { Badge, Button, CampoAreaTexto, Card, CardContent, CardHeader, CardTitle, toast } from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { avisarErrorDeFormulario, useTieneRol } from '@cuota/shared/web';
import { useMotivoValidado } from '../../../shared-admin/use-motivo-validado';
import { useCastigarCredito, useObtenerRiesgoCredito } from '../api/riesgo-credito';

const r = riesgoTexts;

function Desglose({ saldo }: { saldo: CastigoVista['saldo'] }) {
  const filas: Array<[string, number]> = [
    [r.capital, saldo.capital_centimos],
    [r.interes, saldo.interes_centimos],
    [r.mora, saldo.mora_centimos],
  ];
  return (
    <dl className="grid gap-1 text-sm" data-testid="saldo-castigo">
      {filas.map(([label, monto]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{formatCRC(monto)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-border pt-1 font-semibold">
        <dt>{r.total}</dt>
        <dd className="tabular-nums">{formatCRC(saldo.total_centimos)}</dd>
      </div>
    </dl>
  );
}

/** 'Castigar' (admin): shows the balance to be written off, asks the motivo, then writes the credit off. */
function CastigarDialog({ creditoId, vista }: { creditoId: string; vista: CastigoVista }) {
  const { open, setOpen, campo, marcar, claves, validar } = useMotivoValidado(castigarCreditoSchema);
  const castigar = useCastigarCredito(creditoId);

  function confirmar() {
    const body = validar();
    if (!body) return;
    castigar.mutate(
      { body, clave: claves.para({ id: creditoId, ...body }) },
      {
        onSuccess: (c) => {
          claves.olvidar();
          toast.success(r.castigado, formatCRC(c.castigado.total_centimos));
          setOpen(false);
        },
        onError: (e) => avisarErrorDeFormulario(e, { campos: ['motivo'], marcar, titulo: r.castigarTitulo }),
      },
    );
  }

  return (
    <DialogoConfirmacion
      open={open}
      onOpenChange={(abierto) => {
        if (!castigar.isPending) setOpen(abierto);
      }}
      disparador={
        <Button variant="destructive" size="sm" onClick={() => setOpen(true)}>
          {r.castigar}
        </Button>
      }
      titulo={r.castigarTitulo}
      descripcion={r.castigarDescripcion}
      cancelar={pagoVentanillaTexts.cancelar}
      cancelarDeshabilitado={castigar.isPending}
      confirmar={
        <Button variant="destructive" onClick={confirmar} disabled={castigar.isPending}>
          {r.confirmarCastigo}
        </Button>
      }
    >
      <div className="grid gap-4">
        <div className="grid gap-2">
          <span className="text-sm font-medium">{r.saldoACastigar}</span>
          <Desglose saldo={vista.saldo} />
        </div>
        <CampoAreaTexto label={r.motivo} rows={3} maxLength={500} {...campo} />
      </div>
    </DialogoConfirmacion>
  );
}

/** The credit's risk category, and its write-off: 'Castigar' for an admin when allowed, or what was written off and recovered. */
export function RiesgoCredito({ creditoId }: { creditoId: string }) {
  const { data } = useObtenerRiesgoCredito(creditoId);
  const esAdmin = useTieneRol('admin');
  if (!data) return null;
  const c = data.castigo;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          {r.categoriaRiesgo}
          <Badge variant="outline" data-testid="categoria-riesgo">
            {data.categoria}
          </Badge>
        </CardTitle>
        {esAdmin && data.estado === 'castigable' ? <CastigarDialog creditoId={creditoId} vista={data} /> : null}
      </CardHeader>
      {c ? (
        <CardContent className="grid gap-3 text-sm">
          <p>
            {r.castigadoEl(formatDate(c.fecha))} · {c.motivo}
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <span className="block text-xs text-muted-foreground">{r.total}</span>
              <span className="font-semibold tabular-nums">{formatCRC(c.castigado.total_centimos)}</span>
            </div>
            <div>
              <span className="block text-xs text-muted-foreground">{r.recuperado}</span>
              <span className="font-semibold tabular-nums" data-testid="recuperado">
                {formatCRC(c.recuperado_centimos)}
              </span>
            </div>
            <div>
              <span className="block text-xs text-muted-foreground">{r.saldoCastigado}</span>
              <span className="font-semibold tabular-nums">{formatCRC(c.pendiente.total_centimos)}</span>
            </div>
          </div>
        </CardContent>
      ) : null}
    </Card>
  );
}
