import { configuracionPageTexts } from '@cuota/shared/texts/configuracionPage';
import { Bell, TarjetaConTitulo } from '@cuota/shared/ui';

const t = configuracionPageTexts;

/** Spec §2 Settings, Notificaciones (all users): email notifications come later. */
export function NotificacionesTab() {
  return (
    <TarjetaConTitulo
      titulo={
        <>
          <Bell aria-hidden className="size-5 text-muted-foreground" />
          {t.notificacionesTitulo}
        </>
      }
      descripcion={t.notificacionesNota}
      claseTitulo="flex items-center gap-2"
    />
  );
}
