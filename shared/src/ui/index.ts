export { cn } from './cn';
export { Button, buttonVariants, type ButtonProps } from './button';
export { Input, Textarea, inputClasses } from './input';
export { Label } from './label';
export { Field, type FieldControlProps, type FieldProps } from './field';
export {
  CampoAreaTexto,
  CampoSelect,
  CampoTelefono,
  CampoTexto,
  type CampoAreaTextoProps,
  type CampoSelectProps,
  type CampoTextoProps,
} from './campos';
export { MontoField, type MontoFieldProps } from './monto-field';
export { Select } from './select';
export { Opciones, type OpcionesProps } from './opciones';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
export { Badge, badgeVariants, type BadgeVariant } from './badge';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export {
  TablaConEncabezado,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from './table';
export { Skeleton } from './skeleton';
export { PageSpinner, Spinner, type SpinnerProps } from './spinner';
export { Toaster, toast } from './toast';
export { CreditoEstadoBadge, KycBadge, PagoEstadoBadge, RiskBadge, ScoreDisplay, SolicitudEstadoBadge } from './estado-badges';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Pagination, type PaginationProps } from './pagination';
export { SearchInput, type SearchInputProps } from './search-input';
export { paginacionSobrePila, useCursorPagination, type CursorPagination } from './use-cursor-pagination';
export { PaginacionCursor, type PaginacionCursorProps } from './paginacion-cursor';
export { EncabezadoDePagina, type EncabezadoDePaginaProps } from './encabezado-de-pagina';
export { TarjetaConTitulo, type TarjetaConTituloProps } from './tarjeta-con-titulo';
export {
  BotonDesplegar,
  TarjetaDesplegable,
  useDesplegable,
  type BotonDesplegarProps,
  type Desplegable,
  type TarjetaDesplegableProps,
} from './formulario-desplegable';
export * from './icons';
export {
  COLORES_GRAFICO,
  GraficoBarras,
  type CategoriaGrafico,
  type GraficoBarrasProps,
  type SerieGrafico,
} from './grafico-barras';
export { TarjetaVacia, type TarjetaVaciaProps } from './tarjeta-vacia';
export { BloquesCargando } from './bloques-cargando';

// Dialogs, radio cards, progress and the password fields are imported by their own path
// (`@cuota/shared/ui/dialog`…): a page bundles them when it uses them, and the first screen of a
// remote (which loads this entry whole, as a federation share) does not download them.
