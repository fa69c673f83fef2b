import { fill, TEXTS, type Usuario } from '@cuota/shared';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  toast,
} from '@cuota/shared/ui';
import { errorMessage } from '@cuota/shared/web';
import { useEliminarRoles } from '../api/eliminar-roles';

const u = TEXTS.usuarios;

export interface EliminarRolesDialogProps {
  usuario: Usuario | null;
  onOpenChange: (open: boolean) => void;
}

/** '¿Eliminar roles de usuario?': every role goes; the user stays listed without admin access. */
export function EliminarRolesDialog({ usuario, onOpenChange }: EliminarRolesDialogProps) {
  const eliminar = useEliminarRoles();
  return (
    <AlertDialog
      open={usuario !== null}
      onOpenChange={(next) => {
        if (!eliminar.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{u.removeTitle}</AlertDialogTitle>
          <AlertDialogDescription>{fill(u.removeText, { email: usuario?.email ?? '' })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={eliminar.isPending}>{u.cancel}</AlertDialogCancel>
          {/* A plain button: the dialog closes only once the request succeeded. */}
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
                onError: (error) => toast.error(TEXTS.errors.genericTitle, errorMessage(error, TEXTS.errors.internal)),
              });
            }}
          >
            {eliminar.isPending ? u.saving : u.removeSubmit}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
