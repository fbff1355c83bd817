// @smart/ui public API. Styles: import '@smart/ui/styles.css' after '@import "tailwindcss"'.
export { cn } from './lib/utils';
export { PHONE_QUERY, useMediaQuery } from './lib/use-media-query';
export { useBusyAction, type BusyAction, type BusyActionOptions } from './lib/use-busy-action';

export {
  UiLocaleProvider,
  useUiLocale,
  type UiLocaleProviderProps,
  type UiLocaleValue,
} from './locale/ui-locale';
export { enMessages, uiMessages, zhMessages, type UiLocale, type UiMessages } from './locale/messages';

export { Badge, badgeVariants, formatBadgeCount, type BadgeProps } from './components/badge';
export { Button, buttonVariants, type ButtonProps } from './components/button';
export {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from './components/card';
export { Checkbox, type CheckboxProps } from './components/checkbox';
export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  ConfirmDialog,
  ConfirmProvider,
  useConfirm,
  type ConfirmDialogProps,
  type ConfirmOptions,
} from './components/confirm-dialog';
export {
  DataTable,
  type ColumnDef,
  type DataTablePagination,
  type DataTableProps,
  type ExpandedState,
  type RowSelectionState,
} from './components/data-table';
export {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
  SimpleDialog,
  type DialogContentProps,
  type SimpleDialogProps,
} from './components/dialog';
export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuDialogItem,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
  type DropdownMenuDialogItemProps,
  type DropdownMenuItemProps,
} from './components/dropdown-menu';
export { EmptyState, type EmptyStateProps } from './components/empty-state';
export { Field, type FieldProps } from './components/field';
export {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
  type FormMessageProps,
} from './components/form';
export { Input, type InputProps } from './components/input';
export { Label, type LabelProps } from './components/label';
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  getPageItems,
  Pagination,
  type PageItem,
  type PaginationProps,
} from './components/pagination';
export { PasswordInput, type PasswordInputProps } from './components/password-input';
export { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from './components/popover';
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
  SimpleSelect,
  type SelectOption,
  type SimpleSelectProps,
} from './components/select';
export { Skeleton } from './components/skeleton';
export { Spinner, type SpinnerProps } from './components/spinner';
export { Switch, type SwitchProps } from './components/switch';
export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './components/table';
export { Textarea, type TextareaProps } from './components/textarea';
export { toast, Toaster, type ToasterProps } from './components/toaster';
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './components/tooltip';

export * from './exports/forms';
export * from './exports/overlays';
export * from './exports/table';
