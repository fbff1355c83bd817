// Public exports of the overlays components (one barrel per area, so parallel work does not collide).
export {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandPalette,
  CommandSeparator,
  CommandShortcut,
  containsFilter,
  prefixFilter,
  type CommandFilter,
  type CommandPaletteItem,
  type CommandPaletteProps,
} from '../components/command-palette';
export {
  ContextMenu,
  ContextMenuCheckboxItem,
  ContextMenuContent,
  ContextMenuGroup,
  ContextMenuItem,
  ContextMenuLabel,
  ContextMenuRadioGroup,
  ContextMenuRadioItem,
  ContextMenuSeparator,
  ContextMenuShortcut,
  ContextMenuSub,
  ContextMenuSubContent,
  ContextMenuSubTrigger,
  ContextMenuTrigger,
  type ContextMenuItemProps,
} from '../components/context-menu';
export {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
  SimpleDrawer,
  type DrawerContentProps,
  type DrawerSide,
  type SimpleDrawerProps,
} from '../components/drawer';
export {
  exitFullscreen,
  FullscreenToggle,
  getFullscreenElement,
  isFullscreenSupported,
  requestFullscreen,
  useFullscreen,
  type FullscreenToggleProps,
} from '../components/fullscreen-toggle';
export { IconButton, type IconButtonProps } from '../components/icon-button';
export {
  createPageProgress,
  PageProgress,
  pageProgress,
  type PageProgressOptions,
  type PageProgressProps,
  type PageProgressStore,
  type PageProgressValue,
} from '../components/page-progress';
export { Tabs, TabsContent, TabsList, TabsTrigger, type TabsListProps } from '../components/tabs';
export {
  Tree,
  type TreeCheckedInfo,
  type TreeCheckState,
  type TreeNode,
  type TreeProps,
} from '../components/tree';
export * from '../theme';
