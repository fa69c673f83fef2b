import { formatDate } from '@cuota/shared/format';
import type { Usuario } from '@cuota/shared/schemas/usuarios';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { pagesTexts } from '@cuota/shared/texts/pages';
import { usuariosTexts } from '@cuota/shared/texts/usuarios';
import {
  Button,
  Card,
  CardContent,
  EmptyState,
  EncabezadoDePagina,
  Mail,
  Plus,
  ShieldAlert,
  UserCog,
  Users,
} from '@cuota/shared/ui';
import { FilaDeCeldas, FilaDeEncabezados, TablaPaginada, useEsAdmin, useObtenerYo, type Columna } from '@cuota/shared/web';
import { useState, type ReactNode } from 'react';
import { useListarUsuarios } from '../api/listar-usuarios';
import { CrearUsuarioDialog } from './crear-usuario-dialog';
import { EditarUsuarioDialog } from './editar-usuario-dialog';
import { EliminarRolesDialog } from './eliminar-roles-dialog';
import { RestablecerDialog } from './restablecer-dialog';
import { RolBadges } from './rol-badges';
import { SIN_FILTROS, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';

const u = usuariosTexts;
const COLUMNS = 5;

const nombreDe = (usuario: Usuario) => `${usuario.nombre} ${usuario.apellido}`;

/** A row's small outlined button: its action as tooltip, and 'action: name' as its accessible name. */
function BotonDeFila({
  accion,
  usuario,
  onClick,
  className,
  children,
}: {
  accion: string;
  usuario: Usuario;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={`${accion}: ${nombreDe(usuario)}`}
      title={accion}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export function UsuariosPage() {
  const esAdmin = useEsAdmin();
  const userId = useObtenerYo().data?.userId ?? null;
  const [crearOpen, setCrearOpen] = useState(false);
  const [editando, setEditando] = useState<Usuario | null>(null);
  const [restableciendo, setRestableciendo] = useState<Usuario | null>(null);
  const [quitando, setQuitando] = useState<Usuario | null>(null);
  const { paginacion: pagination } = useListaEnUrl(SIN_FILTROS);
  const columnas: Columna<Usuario>[] = [
    {
      titulo: u.columns.usuario,
      celda: (usuario) => (
        <>
          <span className="font-medium">{nombreDe(usuario)}</span>
          <span className="mt-1 block sm:hidden">
            <RolBadges roles={usuario.roles} />
          </span>
          {/* On small screens the email and date columns are hidden: show them under the name. */}
          <span className="block text-xs break-all text-muted-foreground md:hidden">{usuario.email}</span>
          <span className="block text-xs text-muted-foreground sm:hidden">
            {u.createdAt} {formatDate(usuario.created_at)}
          </span>
        </>
      ),
    },
    { titulo: u.columns.roles, clase: 'hidden sm:table-cell', celda: (usuario) => <RolBadges roles={usuario.roles} /> },
    {
      titulo: u.columns.email,
      clase: 'hidden md:table-cell',
      claseCelda: 'text-muted-foreground',
      celda: (usuario) => usuario.email,
    },
    {
      titulo: u.columns.fecha,
      clase: 'hidden sm:table-cell',
      claseCelda: 'whitespace-nowrap',
      celda: (usuario) => formatDate(usuario.created_at),
    },
    {
      titulo: u.columns.acciones,
      tituloOculto: true,
      clase: 'text-right',
      celda: (usuario) => (
        <div className="flex flex-wrap justify-end gap-1">
          <BotonDeFila accion={u.editTitle} usuario={usuario} onClick={() => setEditando(usuario)}>
            <UserCog aria-hidden />
            <span className="hidden lg:inline">{u.edit}</span>
          </BotonDeFila>
          <BotonDeFila accion={u.resetTitle} usuario={usuario} onClick={() => setRestableciendo(usuario)}>
            <Mail aria-hidden />
          </BotonDeFila>
          {/* Only users with roles; never one's own (the server refuses it too). */}
          {usuario.roles.length > 0 && usuario.id !== userId ? (
            <BotonDeFila
              accion={u.removeRoles}
              usuario={usuario}
              onClick={() => setQuitando(usuario)}
              className="text-destructive"
            >
              <ShieldAlert aria-hidden />
            </BotonDeFila>
          ) : (
            // Keeps the action columns aligned from row to row on wider screens.
            <span aria-hidden className="hidden h-8 w-[42px] sm:inline-block" />
          )}
        </div>
      ),
    },
  ];
  const consulta = useListarUsuarios(pagination.cursor, esAdmin === true);

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina
        titulo={pagesTexts.usuarios}
        subtitulo={u.subtitle}
        acciones={
          esAdmin ? (
            <Button onClick={() => setCrearOpen(true)}>
              <Plus aria-hidden />
              {u.newUser}
            </Button>
          ) : null
        }
      />

      <Card>
        <CardContent className="grid gap-4 pt-6">
          {esAdmin === false ? (
            <EmptyState icon={<ShieldAlert />} title={errorsTexts.forbidden} />
          ) : (
            <TablaPaginada
              consulta={{ ...consulta, isPending: esAdmin === undefined || consulta.isPending }}
              paginacion={pagination}
              errorTitulo={clientesTexts.loadError}
              vacio={<EmptyState icon={<Users />} title={u.empty} />}
              columnasCarga={COLUMNS}
              etiqueta={pagesTexts.usuarios}
              encabezado={<FilaDeEncabezados columnas={columnas} />}
              clave={(usuario) => usuario.id}
              fila={(usuario) => <FilaDeCeldas columnas={columnas} item={usuario} />}
            />
          )}
        </CardContent>
      </Card>

      {esAdmin ? (
        <>
          <CrearUsuarioDialog open={crearOpen} onOpenChange={setCrearOpen} />
          <EditarUsuarioDialog usuario={editando} onOpenChange={(open) => !open && setEditando(null)} />
          <RestablecerDialog usuario={restableciendo} onOpenChange={(open) => !open && setRestableciendo(null)} />
          <EliminarRolesDialog usuario={quitando} onOpenChange={(open) => !open && setQuitando(null)} />
        </>
      ) : null}
    </div>
  );
}
