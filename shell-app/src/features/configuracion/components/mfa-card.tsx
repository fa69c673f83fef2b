import { errorsTexts } from '@cuota/shared/texts/errors';
import { mfaTexts } from '@cuota/shared/texts/mfa';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ShieldCheck,
  Skeleton,
  toast,
} from '@cuota/shared/ui';
import { AlertDialogAction, AlertDialogTrigger } from '@cuota/shared/ui/alert-dialog';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { LoadError } from '@cuota/shared/web';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isWrongTotpCode, TotpCodeField, totpCodeError } from '../../auth';
import { useConfirmarTotp, useDesactivarTotp, useIniciarTotp, useObtenerTotpActivo } from '../api/mfa';

const t = mfaTexts;

// Only someone who starts enrolment needs the QR encoder.
const QRCodeSVG = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));

const QR_SIZE = 176;

/** The Base32 secret in groups of four, the way authenticator apps ask for it to be typed. */
function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

function failed(error: unknown) {
  console.error('MFA (TOTP)', error);
  toast.error(t.error, errorsTexts.internal);
}

/**
 * TOTP for staff (the user pool allows it, TOTP only): enrol with an authenticator app via a QR
 * code or the secret, confirm with its first code, or turn it off again. `requerida`: the user was
 * sent here because the API requires it of staff (403 MFA_REQUERIDA); the card says so until it is on.
 */
export function MfaCard({ requerida = false }: { requerida?: boolean }) {
  const titleId = useId();
  const activo = useObtenerTotpActivo();
  const iniciar = useIniciarTotp();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);

  function start() {
    iniciar.mutate(undefined, { onSuccess: setSetup, onError: failed });
  }

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id={titleId}>{t.titulo}</CardTitle>
            {activo.isSuccess ? (
              <Badge variant={activo.data ? 'success' : 'secondary'}>{activo.data ? t.activada : t.desactivada}</Badge>
            ) : null}
          </div>
          <CardDescription>{t.descripcion}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {requerida && activo.data !== true ? (
            <div role="alert" className="rounded-md border border-warning bg-warning/10 p-3 text-sm text-foreground">
              <p className="font-semibold">{t.requeridaTitulo}</p>
              <p>{t.requeridaTexto}</p>
            </div>
          ) : null}
          {activo.isError ? (
            <LoadError title={t.loadError} error={activo.error} onRetry={() => void activo.refetch()} />
          ) : activo.isPending ? (
            <div className="grid gap-3" aria-busy>
              <Skeleton className="h-5 w-full max-w-md" />
              <Skeleton className="h-10 w-56" />
            </div>
          ) : setup ? (
            <TotpSetup setup={setup} requerida={requerida} onDone={() => setSetup(null)} />
          ) : activo.data ? (
            <Activada />
          ) : (
            <div className="grid justify-items-start gap-4">
              <p className="text-sm">{t.textoDesactivada}</p>
              <Button onClick={start} disabled={iniciar.isPending}>
                <ShieldCheck aria-hidden />
                {iniciar.isPending ? t.preparando : t.activar}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function TotpSetup({
  setup,
  requerida,
  onDone,
}: {
  setup: { secret: string; uri: string };
  requerida: boolean;
  onDone: () => void;
}) {
  const confirmar = useConfirmarTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useRef<HTMLDivElement>(null);

  // The button that opened this is gone: start reading (and tabbing) at the instructions.
  useEffect(() => start.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = totpCodeError(code);
    setError(invalid);
    if (invalid) return;
    confirmar.mutate(code, {
      onSuccess: () => {
        toast.success(t.activadaToast, requerida ? t.requeridaLista : t.activadaToastTexto);
        onDone();
      },
      onError: (failure) => (isWrongTotpCode(failure) ? setError(t.codigoIncorrecto) : failed(failure)),
    });
  }

  return (
    <div ref={start} tabIndex={-1} className="grid gap-6 outline-none md:grid-cols-[auto_minmax(0,1fr)]">
      <div className="grid content-start justify-items-center gap-3 md:justify-items-start">
        {/* The QR stays dark on white whatever the theme: scanners need the contrast. */}
        <div className="rounded-lg border border-border bg-white p-3">
          <Suspense fallback={<Skeleton className="size-44" />}>
            <QRCodeSVG value={setup.uri} size={QR_SIZE} title={t.qr} level="M" bgColor="#ffffff" fgColor="#000000" />
          </Suspense>
        </div>
      </div>
      <div className="grid content-start gap-4">
        <p className="text-sm">{t.escanear}</p>
        <p className="text-sm text-muted-foreground">{t.claveManual}</p>
        <dl className="-mt-2 grid gap-1">
          <dt className="sr-only">{t.clave}</dt>
          <dd>
            <code className="block rounded-md bg-muted px-3 py-2 font-mono text-sm font-semibold tracking-wider break-words select-all">
              {groupSecret(setup.secret)}
            </code>
          </dd>
        </dl>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <fieldset disabled={confirmar.isPending} className="grid gap-4">
            <p className="text-sm">{t.ingresarCodigo}</p>
            <TotpCodeField
              name="mfa_totp"
              value={code}
              onChange={(next) => {
                setCode(next);
                setError(null);
              }}
              error={error ?? undefined}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit">{confirmar.isPending ? t.verificando : t.verificar}</Button>
              <Button variant="outline" onClick={onDone}>
                {t.cancelar}
              </Button>
            </div>
          </fieldset>
        </form>
      </div>
    </div>
  );
}

function Activada() {
  const desactivar = useDesactivarTotp();
  return (
    <div className="grid justify-items-start gap-4">
      <p className="text-sm">{t.textoActivada}</p>
      <DialogoConfirmacion
        disparador={
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={desactivar.isPending}>
              {t.desactivar}
            </Button>
          </AlertDialogTrigger>
        }
        titulo={t.desactivarTitulo}
        descripcion={t.desactivarTexto}
        cancelar={t.cancelar}
        confirmar={
          <AlertDialogAction
            destructive
            onClick={() => desactivar.mutate(undefined, { onSuccess: () => toast.success(t.desactivadaToast), onError: failed })}
          >
            {t.desactivar}
          </AlertDialogAction>
        }
      />
    </div>
  );
}
