import type { ColumnOrderState, ColumnSizingState, VisibilityState } from '@tanstack/react-table';
import * as React from 'react';

export type Density = 'compact' | 'default' | 'comfortable';
export const DENSITIES: readonly Density[] = ['compact', 'default', 'comfortable'];

/** The per-table preferences a user changes: which columns show, their order and widths, and the density. */
export interface DataTableSettings {
  columnVisibility: VisibilityState;
  columnOrder: ColumnOrderState;
  columnSizing: ColumnSizingState;
  density: Density;
}

export const STORAGE_PREFIX = 'smart-ui:table:';
/** Bump when the stored shape changes; older entries are then ignored. */
export const STORAGE_VERSION = 1;

export const emptySettings: DataTableSettings = {
  columnVisibility: {},
  columnOrder: [],
  columnSizing: {},
  density: 'default',
};

function isRecordOf(value: unknown, check: (v: unknown) => boolean): value is Record<string, never> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check)
  );
}

const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Parses stored settings; anything malformed, of another version or not JSON yields null. */
export function parseSettings(raw: string | null): Partial<DataTableSettings> | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { v, columnVisibility, columnOrder, columnSizing, density } = data as Record<string, unknown>;
  if (v !== STORAGE_VERSION) return null;
  const out: Partial<DataTableSettings> = {};
  if (isRecordOf(columnVisibility, (x) => typeof x === 'boolean')) out.columnVisibility = columnVisibility;
  if (Array.isArray(columnOrder) && columnOrder.every((x) => typeof x === 'string'))
    out.columnOrder = columnOrder as string[];
  if (isRecordOf(columnSizing, isFiniteNumber)) out.columnSizing = columnSizing;
  if (typeof density === 'string' && (DENSITIES as readonly string[]).includes(density))
    out.density = density as Density;
  return out;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readSettings(storageKey: string): Partial<DataTableSettings> | null {
  try {
    return parseSettings(storage()?.getItem(STORAGE_PREFIX + storageKey) ?? null);
  } catch {
    return null;
  }
}

export function writeSettings(storageKey: string, settings: DataTableSettings): void {
  try {
    storage()?.setItem(STORAGE_PREFIX + storageKey, JSON.stringify({ v: STORAGE_VERSION, ...settings }));
  } catch {
    // Full or disabled storage: preferences simply do not persist.
  }
}

export function clearSettings(storageKey: string): void {
  try {
    storage()?.removeItem(STORAGE_PREFIX + storageKey);
  } catch {
    // ignore
  }
}

export interface DataTableSettingsController extends DataTableSettings {
  setColumnVisibility: React.Dispatch<React.SetStateAction<VisibilityState>>;
  setColumnOrder: React.Dispatch<React.SetStateAction<ColumnOrderState>>;
  setColumnSizing: React.Dispatch<React.SetStateAction<ColumnSizingState>>;
  setDensity: (density: Density) => void;
  /** Back to the defaults, forgetting what was stored. */
  reset: () => void;
}

export type UseDataTableSettingsOptions = {
  /** Persist under this key (localStorage, versioned JSON). Without it the settings live in memory only. */
  storageKey?: string;
  /** Initial settings when nothing is stored. */
  defaults?: Partial<DataTableSettings>;
};

/**
 * Column visibility, order, widths and density of one table, persisted per `storageKey`. Pass the result to
 * `DataTable`'s `settings` and to `ColumnSettings` / `DensityMenu`, so the toolbar and the table share it.
 */
export function useDataTableSettings({
  storageKey,
  defaults,
}: UseDataTableSettingsOptions = {}): DataTableSettingsController {
  const defaultsRef = React.useRef(defaults);
  defaultsRef.current = defaults;
  const initial = React.useCallback(
    (key: string | undefined): DataTableSettings => ({
      ...emptySettings,
      ...defaultsRef.current,
      ...(key ? readSettings(key) : null),
    }),
    [],
  );
  const [state, setState] = React.useState(() => ({ key: storageKey, settings: initial(storageKey) }));
  // A new storage key (another table in the same component) loads that table's settings.
  let current = state;
  if (state.key !== storageKey) {
    current = { key: storageKey, settings: initial(storageKey) };
    setState(current);
  }
  const settings = current.settings;

  // What storage holds (or what was read from it): only changes after that are written.
  const persisted = React.useRef<DataTableSettings>(settings);
  if (current !== state) persisted.current = settings;
  React.useEffect(() => {
    if (!storageKey || persisted.current === settings) return;
    persisted.current = settings;
    writeSettings(storageKey, settings);
  }, [storageKey, settings]);

  const update = React.useCallback(
    <K extends keyof DataTableSettings>(key: K, action: React.SetStateAction<DataTableSettings[K]>) =>
      setState((prev) => {
        const value =
          typeof action === 'function'
            ? (action as (old: DataTableSettings[K]) => DataTableSettings[K])(prev.settings[key])
            : action;
        return value === prev.settings[key]
          ? prev
          : { ...prev, settings: { ...prev.settings, [key]: value } };
      }),
    [],
  );

  return React.useMemo<DataTableSettingsController>(
    () => ({
      ...settings,
      setColumnVisibility: (a) => update('columnVisibility', a),
      setColumnOrder: (a) => update('columnOrder', a),
      setColumnSizing: (a) => update('columnSizing', a),
      setDensity: (d) => update('density', d),
      reset: () => {
        if (storageKey) clearSettings(storageKey);
        const next = { ...emptySettings, ...defaultsRef.current };
        persisted.current = next;
        setState({ key: storageKey, settings: next });
      },
    }),
    [settings, update, storageKey],
  );
}
