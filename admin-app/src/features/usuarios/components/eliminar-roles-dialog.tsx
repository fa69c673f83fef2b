import type { Usuario } from '@cuota/shared/schemas/usuarios';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { fill } from '@cuota/shared/texts/fill';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import { Button, toast } from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { errorMessage } from '@cuota/shared/web';
import { useEliminarRoles } from '../api/eliminar-roles';

const u = usuariosTexts;

export interface EliminarRolesDialogProps {
  usuario: Usuario | null;
  onOpenChange: (open: boolean) => void;
}

/** '¿Eliminar roles de usuario?': every role goes; the user stays listed without admin access. */
export function EliminarRolesDialog({ usuario, onOpenChange }: EliminarRolesDialogProps) {
  const eliminar = useEliminarRoles();
  return (
    <DialogoConfirmacion
      open={usuario !== null}
      onOpenChange={(next) => {
        if (!eliminar.isPending) onOpenChange(next);
      }}
      titulo={u.removeTitle}
      descripcion={fill(u.removeText, { email: usuario?.email ?? '' })}
      cancelar={u.cancel}
      cancelarDeshabilitado={eliminar.isPending}
      confirmar={
        // A plain button: the dialog closes only once the request succeeded.
        <Button
          type="button"
          variant="destructive"
          disabled={eliminar.isPending || !usuario}
          onClick={() => {
            if (!usuario) return;
            eliminar.mutate(usuario.id, {
              onSuccess: () => {
                toast.success(u.deleted, usuario.email);
                onOpenChange(false);
              },
              onError: (error) => toast.error(errorsTexts.genericTitle, errorMessage(error, errorsTexts.internal)),
            });
          }}
        >
          {eliminar.isPending ? u.saving : u.removeSubmit}
        </Button>
      }
    />
  );
}
