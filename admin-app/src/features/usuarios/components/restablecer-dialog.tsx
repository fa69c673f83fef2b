import type { Usuario } from '@cuota/shared/schemas/usuarios';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { fill } from '@cuota/shared/texts/fill';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { Button, Mail, toast } from '@cuota/shared/ui';
import { PieDeDialogo } from '@cuota/shared/ui/pie-de-dialogo';
import { VentanaDeDialogo } from '@cuota/shared/ui/ventana-de-dialogo';
import { errorMessage } from '@cuota/shared/web';
import { useRestablecerContrasena } from '../api/restablecer-contrasena';

const u = usuariosTexts;

export interface RestablecerDialogProps {
  usuario: Usuario | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Restablecer Contraseña': Cognito emails the user a reset code. */
export function RestablecerDialog({ usuario, onOpenChange }: RestablecerDialogProps) {
  const restablecer = useRestablecerContrasena();
  return (
    <VentanaDeDialogo
      abierto={usuario !== null}
      onAbiertoChange={onOpenChange}
      ocupado={restablecer.isPending}
      titulo={u.resetTitle}
      descripcion={fill(u.resetText, { email: usuario?.email ?? '' })}
    >
      <PieDeDialogo cancelar={u.cancel} onCancelar={() => onOpenChange(false)} ocupado={restablecer.isPending}>
        <Button
          type="button"
          disabled={restablecer.isPending || !usuario}
          onClick={() => {
            if (!usuario) return;
            restablecer.mutate(usuario.id, {
              onSuccess: () => {
                toast.success(u.emailSent, u.emailSentText(usuario.email));
                onOpenChange(false);
              },
              onError: (error) => toast.error(errorsTexts.genericTitle, errorMessage(error, errorsTexts.internal)),
            });
          }}
        >
          <Mail aria-hidden />
          {restablecer.isPending ? u.saving : u.resetSubmit}
        </Button>
      </PieDeDialogo>
    </VentanaDeDialogo>
  );
}
