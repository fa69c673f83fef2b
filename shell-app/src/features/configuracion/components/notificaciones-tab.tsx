import { TEXTS } from '@cuota/shared';
import { Bell, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cuota/shared/ui';

const t = TEXTS.configuracionPage;

/** Spec §2 Settings, Notificaciones (all users): email notifications come later. */
export function NotificacionesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell aria-hidden className="size-5 text-muted-foreground" />
          {t.notificacionesTitulo}
        </CardTitle>
        <CardDescription>{t.notificacionesNota}</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
